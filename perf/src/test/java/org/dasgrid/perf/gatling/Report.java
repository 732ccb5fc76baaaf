package org.dasgrid.perf.gatling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Markdown tables a simulation prints at the end and writes to {@code perf/results/NAME-TIME.md}
 * (folder: property {@code resultsDir}), with the run's target, machine and date.
 */
final class Report {
  private final String simulation;
  private final Target target;
  private final StringBuilder text = new StringBuilder();

  Report(String simulation, Target target) {
    this.simulation = simulation;
    this.target = target;
  }

  Report heading(String s) {
    text.append("\n### ").append(s).append("\n\n");
    return this;
  }

  Report line(String s) {
    text.append(s).append('\n');
    return this;
  }

  /** A table with a header row; cells are already formatted; the first {@code textColumns} align left. */
  Report table(int textColumns, List<String> header, List<List<String>> rows) {
    text.append("| ").append(String.join(" | ", header)).append(" |\n|");
    for (int i = 0; i < header.size(); i++) {
      text.append(i < textColumns ? "---|" : "---:|");
    }
    text.append('\n');
    for (List<String> r : rows) {
      text.append("| ").append(String.join(" | ", r)).append(" |\n");
    }
    return this;
  }

  static String f(double v, int decimals) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }

  static String ratio(double ours, double baseline) {
    return baseline > 0 && !Double.isNaN(ours) && !Double.isNaN(baseline) ? f(ours / baseline, 2) : "-";
  }

  static List<String> row(Object... cells) {
    List<String> r = new ArrayList<>();
    for (Object c : cells) {
      r.add(String.valueOf(c));
    }
    return r;
  }

  /** Prints and writes the report; returns the file written. */
  Path publish() {
    String when = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm'Z'"));
    String head = "## " + simulation + "\n\n" + "Target " + target.describe() + "; " + when + "; "
        + Runtime.getRuntime().availableProcessors() + " cores seen by the client JVM; "
        + machine() + ".\n";
    String all = head + text;
    System.out.println("\n" + all);
    Path dir = Path.of(System.getProperty("resultsDir", "perf/results"));
    Path file = dir.resolve(simulation + "-"
        + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".md");
    try {
      Files.createDirectories(dir);
      Files.writeString(file, all);
      System.out.println("(tables written to " + file.toAbsolutePath() + ")");
    } catch (IOException e) {
      System.out.println("(cannot write " + file + ": " + e.getMessage() + ")");
    }
    return file;
  }

  private static String machine() {
    try {
      for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (l.startsWith("model name")) {
          return l.substring(l.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return System.getProperty("os.name");
  }
}
