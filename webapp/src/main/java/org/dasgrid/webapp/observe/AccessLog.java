package org.dasgrid.webapp.observe;

import jakarta.servlet.ServletException;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.AbstractAccessLogValve;
import org.apache.catalina.valves.AccessLogValve;

/**
 * The embedded server's access log: one line per request in the Apache/NCSA <em>combined</em> format, followed by
 * the request id and the time taken in microseconds, so log lines can be matched with {@code X-Request-Id}s and
 * any combined-format tool can read them. It goes to the console by default (where containers collect it) or to a
 * file.
 *
 * <p>A long answer may also write lines while it streams ({@link #PROGRESS_ATTRIBUTE}): the request's host, time
 * and request line as in the combined format, then the answer's own words where the status would be (so
 * combined-format tools skip them rather than count the request twice), then the request id.
 */
public final class AccessLog {
  /**
   * {@code combined} spelled out ({@code %h %l %u %t "%r" %s %b "%{Referer}i" "%{User-Agent}i"}) plus
   * the request id and {@code %D} (microseconds in Tomcat 10). The id is read from the request attribute the
   * request-id filter sets beside the {@code X-Request-Id} header (the same value): {@code %{X-Request-Id}o}
   * scanned the response headers by name on every request, 3 % of a small answer's CPU.
   */
  public static final String PATTERN =
      "%h %l %u %t \"%r\" %s %b \"%{Referer}i\" \"%{User-Agent}i\" %{" + Observability.REQUEST_ID_ATTRIBUTE
          + "}r %D";

  /**
   * Request attribute holding a {@code Consumer<String>} that writes a line about this request, while it runs, to
   * the access log ({@code HOST - - [TIME] "REQUEST LINE" MESSAGE REQUEST-ID}); absent when the embedded server
   * keeps no access log (or in a WAR, whose Tomcat keeps its own).
   */
  public static final String PROGRESS_ATTRIBUTE = "org.dasgrid.accessLog.progress";

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.US);

  private AccessLog() {}

  /**
   * How often buffered lines are written out at the latest, in seconds: the container's background thread flushes
   * them (set it as the engine's {@code backgroundProcessorDelay}).
   */
  public static final int FLUSH_SECONDS = 1;

  /** A valve writing the lines to {@code out}, in batches (see {@link #FLUSH_SECONDS}). */
  public static Valve toConsole(PrintStream out) {
    ConsoleValve v = new ConsoleValve(out);
    v.setPattern(PATTERN);
    v.setConditionUnless(Observability.WARMUP_ATTRIBUTE);
    return v;
  }

  /** A valve appending to {@code file} (not rotated: leave that to logrotate or the platform). */
  public static Valve toFile(Path file) {
    AccessLogValve v = new FileValve();
    Path abs = file.toAbsolutePath();
    v.setDirectory(abs.getParent().toString());
    v.setPrefix(abs.getFileName().toString());
    v.setSuffix("");
    v.setFileDateFormat("");
    v.setRotatable(false);
    v.setBuffered(true);
    v.setPattern(PATTERN);
    v.setConditionUnless(Observability.WARMUP_ATTRIBUTE);
    return v;
  }

  /** Offers the request a writer of progress lines into {@code log}, then passes it on. */
  private static void offerProgress(Request request, Consumer<CharArrayWriter> log) {
    request.setAttribute(PROGRESS_ATTRIBUTE, (Consumer<String>) message -> {
      if (request.getAttribute(Observability.WARMUP_ATTRIBUTE) != null) {
        return;
      }
      CharArrayWriter line = new CharArrayWriter(256);
      String query = request.getQueryString();
      line.append(request.getRemoteAddr()).append(" - - [").append(TIME.format(ZonedDateTime.now())).append("] \"")
          .append(request.getMethod()).append(' ').append(request.getRequestURI())
          .append(query == null ? "" : "?" + query).append(' ').append(request.getProtocol()).append("\" ")
          .append(message).append(' ').append(String.valueOf(request.getAttribute(Observability.REQUEST_ID_ATTRIBUTE)));
      log.accept(line);
    });
  }

  /** Tomcat's file valve, offering progress lines (see {@link #PROGRESS_ATTRIBUTE}). */
  private static final class FileValve extends AccessLogValve {
    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
      offerProgress(request, this::log);
      super.invoke(request, response);
    }
  }

  /**
   * Tomcat's access-log formatting, printed to a stream instead of a file. Lines are gathered and written a few
   * kilobytes at a time, or by the background thread every {@link #FLUSH_SECONDS}: one console write per request
   * cost about a third of the throughput of small cached answers.
   */
  private static final class ConsoleValve extends AbstractAccessLogValve {
    private static final int FLUSH_CHARS = 16 * 1024;
    private final PrintStream out;
    private final StringBuilder pending = new StringBuilder(FLUSH_CHARS + 1024);

    ConsoleValve(PrintStream out) {
      this.out = out;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
      offerProgress(request, this::log);
      super.invoke(request, response);
    }

    @Override
    protected void log(CharArrayWriter message) {
      synchronized (pending) {
        pending.append(message.toCharArray()).append('\n');
        if (pending.length() >= FLUSH_CHARS) {
          flush();
        }
      }
    }

    @Override
    public void backgroundProcess() {
      synchronized (pending) {
        flush();
      }
      super.backgroundProcess();
    }

    @Override
    protected void stopInternal() throws org.apache.catalina.LifecycleException {
      synchronized (pending) {
        flush();
      }
      super.stopInternal();
    }

    /** Call holding {@code pending}. */
    private void flush() {
      if (pending.length() > 0) {
        out.print(pending);
        out.flush();
        pending.setLength(0);
      }
    }
  }
}
