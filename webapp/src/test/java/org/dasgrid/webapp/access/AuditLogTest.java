package org.dasgrid.webapp.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit log loses no line on a clean shutdown, writes one JSON object a line, and follows a rotation. */
class AuditLogTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  static AuditEntry entry(int i) {
    return new AuditEntry(Instant.now(), "sub-" + i, "https://login.test", "cohort", "genotypes", "GET",
        "/genotypes/cohort/samples", "segment=1&n=" + i, 200, i, "req-" + i);
  }

  static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String l : Files.readAllLines(file)) {
      out.add(JSON.readTree(l));
    }
    return out;
  }

  @Test
  void everyLineQueuedBeforeCloseIsWritten() throws Exception {
    Path file = dir.resolve("logs/audit.jsonl");
    AuditLog log = AuditLog.open(file);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    for (int t = 0; t < 4; t++) {
      int base = t * 5000;
      pool.submit(() -> {
        for (int i = 0; i < 5000; i++) {
          log.record(entry(base + i));
        }
      });
    }
    pool.shutdown();
    assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    log.close();
    List<JsonNode> lines = lines(file);
    assertThat(lines).hasSize(20_000);
    assertThat(lines.stream().map(l -> l.get("rows").asInt()).distinct().count()).isEqualTo(20_000);
    JsonNode first = lines.get(0);
    assertThat(first.fieldNames()).toIterable().containsExactly("time", "subject", "issuer", "source", "tier",
        "method", "path", "query", "status", "rows", "request_id");
  }

  @Test
  void aRotatedFileIsFollowedByANewOne() throws Exception {
    Path file = dir.resolve("audit.jsonl");
    AuditLog log = AuditLog.open(file);
    log.record(entry(1));
    for (int i = 0; i < 50 && (!Files.exists(file) || Files.size(file) == 0); i++) {
      Thread.sleep(50);
    }
    // logrotate's create: the file moved away, the writer opens the path again
    Files.move(file, dir.resolve("audit.jsonl.1"));
    Thread.sleep(1500);
    log.record(entry(2));
    log.close();
    assertThat(lines(dir.resolve("audit.jsonl.1"))).extracting(l -> l.get("rows").asInt()).containsExactly(1);
    assertThat(lines(file)).extracting(l -> l.get("rows").asInt()).containsExactly(2);
  }
}
