package org.dasgrid.core.api.cohort;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.source.DataSource;

/**
 * The sample-level genotype queries' dispatcher: finds a request's {@link CohortEndpoint} by its path (one class
 * per endpoint: {@link SexCheckEndpoint}, {@link KinshipEndpoint}, {@link ScoreEndpoint}, {@link
 * InheritanceEndpoint}, {@link HomRefEndpoint}, {@link SampleCountsEndpoint}, {@link StrataEndpoint}) and runs it
 * on the engine, returning an answer ready to write as JSON or NDJSON. Everything a request can get wrong fails
 * in {@link #answer}, before a byte is written: a 400 (bad argument, malformed weights naming line and column),
 * or 501 for an engine that cannot read calls (a cluster's merged view).
 */
public final class CohortApi {
  /** Every endpoint, by its path under {@code /genotypes/{source}/}. */
  private static final Map<String, CohortEndpoint> ENDPOINTS = List.of(new SexCheckEndpoint(), new KinshipEndpoint(),
      new ScoreEndpoint(), new InheritanceEndpoint(), new HomRefEndpoint(), new SampleCountsEndpoint(),
      new StrataEndpoint()).stream().collect(Collectors.toUnmodifiableMap(CohortEndpoint::path, Function.identity()));

  /** What a request runs against. */
  public record Context(DataSource source, GenotypeQueries engine, Optional<SampleSheet> sheet,
      Map<String, String> options, int maxSegments, int maxRows, GeneLookup genes) {
    public Context {
      genes = genes == null ? GeneLookup.NONE : genes;
    }

    /** A source without gene annotation. */
    public Context(DataSource source, GenotypeQueries engine, Optional<SampleSheet> sheet,
        Map<String, String> options, int maxSegments, int maxRows) {
      this(source, engine, sheet, options, maxSegments, maxRows, GeneLookup.NONE);
    }
  }

  /** A computed answer; writing it cannot fail for the request's sake. */
  public interface Answer {
    /** Writes the answer, ending with the timer's {@code elapsed_db_ms} and (now final) {@code elapsed_ms}. */
    void write(OutputStream out, boolean ndjson, RequestTimer timer) throws IOException;
  }

  private CohortApi() {}

  /** The endpoint answering {@code /genotypes/{source}/PATH}, if one does. */
  static Optional<CohortEndpoint> endpoint(String path) {
    return Optional.ofNullable(ENDPOINTS.get(path));
  }

  public static Answer answer(CohortEndpoint endpoint, QueryArguments args, byte[] body, Context ctx) {
    if (!(ctx.engine() instanceof CallReader reader)) {
      throw new RequestException(ErrorKind.UNSUPPORTED, "%s is not available on this source (its genotypes are "
          + "split over cluster nodes)", endpoint.path());
    }
    return endpoint.answer(args, body, ctx, reader);
  }
}
