package org.dasgrid.webapp.observe;

import java.io.CharArrayWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.catalina.Valve;
import org.apache.catalina.valves.AbstractAccessLogValve;
import org.apache.catalina.valves.AccessLogValve;

/**
 * The embedded server's access log: one line per request in the Apache/NCSA <em>combined</em> format, followed by
 * the request id and the time taken in microseconds, so log lines can be matched with {@code X-Request-Id}s and
 * any combined-format tool can read them. It goes to the console by default (where containers collect it) or to a
 * file.
 */
public final class AccessLog {
  /**
   * {@code combined} spelled out ({@code %h %l %u %t "%r" %s %b "%{Referer}i" "%{User-Agent}i"}) plus
   * {@code %{X-Request-Id}o} and {@code %D} (microseconds in Tomcat 10).
   */
  public static final String PATTERN =
      "%h %l %u %t \"%r\" %s %b \"%{Referer}i\" \"%{User-Agent}i\" %{X-Request-Id}o %D";

  private AccessLog() {}

  /** A valve writing each line to {@code out}. */
  public static Valve toConsole(PrintStream out) {
    ConsoleValve v = new ConsoleValve(out);
    v.setPattern(PATTERN);
    return v;
  }

  /** A valve appending to {@code file} (not rotated: leave that to logrotate or the platform). */
  public static Valve toFile(Path file) {
    AccessLogValve v = new AccessLogValve();
    Path abs = file.toAbsolutePath();
    v.setDirectory(abs.getParent().toString());
    v.setPrefix(abs.getFileName().toString());
    v.setSuffix("");
    v.setFileDateFormat("");
    v.setRotatable(false);
    v.setBuffered(false);
    v.setPattern(PATTERN);
    return v;
  }

  /** Tomcat's access-log formatting, printed to a stream instead of a file. */
  private static final class ConsoleValve extends AbstractAccessLogValve {
    private final PrintStream out;

    ConsoleValve(PrintStream out) {
      this.out = out;
    }

    @Override
    protected void log(CharArrayWriter message) {
      // one println per line: PrintStream serializes concurrent requests, so lines never interleave
      out.println(message.toCharArray());
    }
  }
}
