package org.dasgrid.webapp.api;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SequenceSource;

/**
 * One source as the status page shows it: its config, its state (loading with progress, ready, or failed and
 * why), and when ready its size, load time, capabilities and the URLs of its DAS documents. Shape: the
 * {@code SourceStatus} schema of {@code /openapi.json}.
 */
final class SourceStatusJson {
  private final String base;
  private final SourceDerivations<String> defaultLocus;
  private final SourceDerivations<SourceHints> hints;

  SourceStatusJson(String base, SourceDerivations<String> defaultLocus, SourceDerivations<SourceHints> hints) {
    this.base = base;
    this.defaultLocus = defaultLocus;
    this.hints = hints;
  }

  void write(JsonGenerator g, SourceSlot slot) throws IOException {
    SourceConfig c = slot.config();
    SourceState state = slot.state();
    g.writeStartObject();
    g.writeStringField("id", c.id());
    g.writeStringField("title", c.title());
    g.writeStringField("description", c.description());
    g.writeStringField("format", c.format());
    coordinates(g, c.coordinates());
    if (state instanceof SourceState.Ready r) {
      ready(g, r.source());
    } else if (state instanceof SourceState.Failed f) {
      g.writeStringField("state", "failed");
      g.writeStringField("error", f.reason());
      g.writeStringField("failedAt", f.at().toString());
      g.writeBooleanField("genotypes", c.genotypes());
    } else if (state instanceof SourceState.Loading l) {
      g.writeStringField("state", "loading");
      g.writeFieldName("progress");
      progress(g, l.progress());
      g.writeBooleanField("genotypes", c.genotypes());
    }
    if (slot.reloadProgress().isPresent()) {
      g.writeFieldName("reloading");
      progress(g, slot.reloadProgress().get());
    }
    if (slot.lastReloadError().isPresent()) {
      g.writeStringField("lastReloadError", slot.lastReloadError().get());
    }
    g.writeEndObject();
  }

  private void ready(JsonGenerator g, LoadedSource s) throws IOException {
    var stats = s.data().stats();
    g.writeStringField("state", "ready");
    g.writeStringField("version", s.version());
    g.writeNumberField("records", stats.records());
    g.writeNumberField("bytesRead", stats.bytesRead());
    g.writeNumberField("heapBytes", stats.heapBytes());
    g.writeNumberField("references", s.data().entryPoints().size());
    g.writeNumberField("loadMillis", s.loadMillis());
    g.writeStringField("loadedAt", s.loadedAt().toString());
    g.writeStringField("defaultLocus", defaultLocus.of(s));
    // the aliases DAS 1.6's XML has no place for (entry_points' JSON has them too)
    g.writeObjectFieldStart("aliases");
    for (var ep : s.data().entryPoints()) {
      if (!ep.aliases().isEmpty()) {
        g.writeArrayFieldStart(ep.name());
        for (String a : ep.aliases()) {
          g.writeString(a);
        }
        g.writeEndArray();
      }
    }
    g.writeEndObject();
    g.writeStringField("assembly", AssemblyName.of(s));
    SourceHints h = hints.of(s);
    g.writeObjectFieldStart("hints");
    if (h.name().isPresent()) {
      g.writeStringField("name", h.name().get());
    }
    if (!h.samples().isEmpty()) {
      g.writeArrayFieldStart("samples");
      for (String sample : h.samples()) {
        g.writeString(sample);
      }
      g.writeEndArray();
    }
    if (h.gene().isPresent()) {
      g.writeStringField("gene", h.gene().get());
    }
    g.writeEndObject();
    boolean sequence = s.data().capability(SequenceSource.class).isPresent();
    g.writeBooleanField("sequence", sequence);
    g.writeBooleanField("genotypes", s.data().capability(GenotypeSource.class).isPresent());
    if (!s.digests().isEmpty()) {
      // refget checksums of each sequence, computed at load
      g.writeArrayFieldStart("sequences");
      for (var d : s.digests().all()) {
        g.writeStartObject();
        g.writeStringField("name", d.ref());
        g.writeNumberField("length", d.length());
        g.writeStringField("md5", d.md5());
        g.writeStringField("ga4gh", d.ga4gh());
        g.writeBooleanField("circular", d.circular());
        g.writeStringField("refget", base + "/refget/sequence/" + d.ga4gh());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeArrayFieldStart("capabilities");
    for (String cap : Capabilities.of(s.data())) {
      g.writeString(cap);
    }
    g.writeEndArray();
    String das = base + "/das/" + s.id();
    g.writeObjectFieldStart("links");
    g.writeStringField("sources", das);
    g.writeStringField("entry_points", das + "/entry_points");
    g.writeStringField("types", das + "/types");
    g.writeStringField("features", das + "/features");
    g.writeStringField("stylesheet", das + "/stylesheet");
    if (sequence) {
      g.writeStringField("sequence", das + "/sequence");
    }
    if (s.data().capability(GenotypeSource.class).isPresent()) {
      g.writeStringField("genotypes", base + "/genotypes/" + s.id());
    }
    g.writeStringField("chromSizes", base + "/api/sources/" + s.id() + "/chrom.sizes");
    g.writeStringField("search", base + "/api/sources/" + s.id() + "/search");
    g.writeEndObject();
  }

  private static void coordinates(JsonGenerator g, Coordinates co) throws IOException {
    g.writeObjectFieldStart("coordinates");
    g.writeStringField("authority", co.authority());
    g.writeStringField("version", co.version());
    if (co.taxid() != null) {
      g.writeNumberField("taxid", co.taxid());
    } else {
      g.writeNullField("taxid");
    }
    g.writeStringField("source", co.source());
    g.writeStringField("label", co.label());
    g.writeEndObject();
  }

  private static void progress(JsonGenerator g, SourceState.Progress p) throws IOException {
    g.writeStartObject();
    g.writeNumberField("records", p.records());
    g.writeNumberField("bytesRead", p.bytesRead());
    g.writeNumberField("totalBytes", p.totalBytes());
    double f = p.fraction();
    if (Double.isNaN(f)) {
      g.writeNullField("fraction");
    } else {
      g.writeNumberField("fraction", f);
    }
    g.writeNumberField("elapsedMillis", (System.nanoTime() - p.startedNanos()) / 1_000_000);
    g.writeEndObject();
  }
}
