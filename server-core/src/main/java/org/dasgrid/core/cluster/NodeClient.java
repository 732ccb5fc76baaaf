package org.dasgrid.core.cluster;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.FeatureFilter;

/**
 * How a node asks one cluster member about the shards it holds. The gRPC sidecar implements it for other
 * nodes; {@link LocalNode} answers in-process for this one. Calls return at once; the future completes with
 * the answer or fails with a {@link NodeFailure}. {@code deadlineNanos} is a {@link System#nanoTime()} by
 * which the answer must be complete.
 *
 * <p>Segments name contigs by their canonical names, and must lie on contigs the node holds.
 */
public interface NodeClient extends AutoCloseable {
  String nodeId();

  /** The node's sources and their states: the health probe. */
  CompletableFuture<NodeStatus> status(long deadlineNanos);

  /** The source's references, sample names and genotype contig order. */
  CompletableFuture<SourceCatalog> catalog(String source, long deadlineNanos);

  /** Feature counts per type over the segments, summed, ordered by type id. */
  CompletableFuture<NodeReply<Map<FeatureType, Integer>>> types(String source, List<Segment> segments,
      long deadlineNanos);

  /**
   * The features of each segment passing the filter, in segment order; a segment with more than {@code
   * maxFeatures} comes as its count only.
   */
  CompletableFuture<NodeReply<List<SegmentFeatures>>> features(String source, List<Segment> segments,
      FeatureFilter filter, int maxFeatures, long deadlineNanos);

  /** The features with these ids (in id order, ties in load order) lying on the given contigs. */
  CompletableFuture<NodeReply<List<Feature>>> featuresById(String source, List<String> ids, List<String> contigs,
      long deadlineNanos);

  CompletableFuture<NodeReply<List<org.dasgrid.core.genotype.VariantRow>>> variants(String source,
      GenotypeCall call, long deadlineNanos);

  CompletableFuture<NodeReply<SampleCounts>> samples(String source, GenotypeCall call, long deadlineNanos);

  CompletableFuture<NodeReply<CountReply>> count(String source, GenotypeCall call, long deadlineNanos);

  /**
   * The samples carrying one ALT allele of a site on a held contig (contig, 1-based POS, REF and ALT as a
   * variants answer names it), as cohort sample numbers; empty when no row is that allele. Beacon's
   * case-level data. A node that cannot say fails the call rather than answer empty.
   */
  default CompletableFuture<NodeReply<java.util.Optional<org.dasgrid.core.genotype.AlleleCarriers>>> alleleCarriers(
      String source, String chrom, int pos, String ref, String alt, long deadlineNanos) {
    return CompletableFuture.failedFuture(new NodeFailure(nodeId(), NodeFailure.Reason.ERROR,
        "node " + nodeId() + " cannot list the carriers of an allele"));
  }

  /** A hint that the node may be back: reconnect at once rather than after a back-off. */
  default void retryNow() {}

  @Override
  default void close() {}
}
