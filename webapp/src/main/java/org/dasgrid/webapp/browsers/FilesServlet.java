package org.dasgrid.webapp.browsers;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.datasources.export.ExportStore;
import org.dasgrid.datasources.export.ExportedFile;
import org.dasgrid.webapp.http.Bearer;

/**
 * {@code GET|HEAD /files/{source}/{file}}: a source's export files, with what igv.js', JBrowse's and htslib's
 * range readers rely on: {@code Range} (one range, several as {@code multipart/byteranges}, suffix ranges; 416
 * with {@code Content-Range: bytes *}{@code /length} when none is satisfiable), {@code Accept-Ranges},
 * {@code Content-Length}, a strong {@code ETag} with {@code If-Range} (a stale tag gets the whole new file) and
 * {@code If-None-Match}. The bytes are sent as they are, never with a {@code Content-Encoding}: they are
 * already BGZF, and a reader needs them so. A protected source's files need its bearer token; without it the
 * answer is the one for an unknown source.
 */
final class FilesServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  /** Below this, copying is cheaper than handing the file to the connector's sendfile. */
  private static final long SENDFILE_MIN = 48 * 1024;

  private final transient SourceRegistry registry;
  private final transient ExportStore store;
  private final long waitMillis;
  private final transient HeldFiles held = new HeldFiles(64L << 20);

  FilesServlet(SourceRegistry registry, ExportStore store, ServerSettings settings) {
    this.registry = registry;
    this.store = store;
    this.waitMillis = settings.requestTimeoutMillis();
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    serve(req, resp, true);
  }

  @Override
  protected void doHead(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    serve(req, resp, false);
  }

  private void serve(HttpServletRequest req, HttpServletResponse resp, boolean body) throws IOException {
    ExportedFile file;
    try {
      file = find(req);
    } catch (RequestException e) {
      BrowserErrors.write(resp, e);
      return;
    }
    Optional<byte[]> bytes = held.get(file);
    if (bytes.isPresent()) {
      send(req, resp, file, new BytesReader(bytes.get()), bytes.get().length, body);
      return;
    }
    try (FileChannel ch = FileChannel.open(file.path(), StandardOpenOption.READ)) {
      // the length of the file opened, not the one listed: a file replaced meanwhile is sent whole and true
      send(req, resp, file, new ChannelReader(ch), ch.size(), body);
    } catch (NoSuchFileException e) {
      BrowserErrors.write(resp, RequestException.unavailable("export file %s was removed while being sent; "
          + "ask again", file.name()));
    }
  }

  private ExportedFile find(HttpServletRequest req) {
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    String[] parts = path.split("/", -1);
    if (parts.length != 3 || parts[1].isEmpty() || parts[2].isEmpty()) {
      throw RequestException.notFound("no such file: use /files/{source}/{source}.gff3.gz (or .bed.gz, .vcf.gz, "
          + ".fa.gz, each with its index); /jbrowse/config.json and /igv/session.json list them");
    }
    String id = parts[1];
    // a protected source is unknown to a client without its token, the same as on every other endpoint
    registry.slot(id).filter(s -> !AccessCheck.bearer(Bearer.token(req)).mayRead(s.config())).ifPresent(s -> {
      throw new RequestException(org.dasgrid.core.error.ErrorKind.UNKNOWN_SOURCE, "unknown data source '%s'", id);
    });
    LoadedSource source = registry.require(id, waitMillis);
    return store.file(source, parts[2]);
  }

  private static void send(HttpServletRequest req, HttpServletResponse resp, ExportedFile file, Reader ch,
      long length, boolean body) throws IOException {
    resp.setHeader("Accept-Ranges", "bytes");
    resp.setHeader("ETag", file.etag());
    // a browser may keep the bytes, but asks again (cheaply, with If-None-Match) whether they are current
    resp.setHeader("Cache-Control", "no-cache");
    String inm = req.getHeader("If-None-Match");
    if (inm != null && matches(inm, file.etag())) {
      resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
      return;
    }
    String ifRange = req.getHeader("If-Range");
    // If-Range with another tag, or a date (we send no Last-Modified): the range is ignored, the whole file sent
    ByteRanges ranges = ifRange != null && !ifRange.trim().equals(file.etag())
        ? new ByteRanges.Whole() : ByteRanges.parse(req.getHeader("Range"), length);
    if (ranges instanceof ByteRanges.Unsatisfiable) {
      resp.setStatus(HttpServletResponse.SC_REQUESTED_RANGE_NOT_SATISFIABLE);
      resp.setHeader("Content-Range", "bytes */" + length);
      resp.setContentLengthLong(0);
    } else if (ranges instanceof ByteRanges.Parts p && p.parts().size() > 1) {
      multipart(resp, file, ch, p.parts(), length, body);
    } else if (ranges instanceof ByteRanges.Parts p) {
      ByteRanges.Part part = p.parts().get(0);
      resp.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
      resp.setContentType(file.mediaType());
      resp.setHeader("Content-Range", part.contentRange(length));
      single(req, resp, file, ch, part, length, body);
    } else {
      resp.setStatus(HttpServletResponse.SC_OK);
      resp.setContentType(file.mediaType());
      single(req, resp, file, ch, new ByteRanges.Part(0, length - 1), length, body);
    }
  }

  private static boolean matches(String ifNoneMatch, String etag) {
    for (String t : ifNoneMatch.split(",")) {
      String tag = t.trim();
      if (tag.equals("*") || tag.equals(etag) || tag.equals("W/" + etag)) {
        return true;
      }
    }
    return false;
  }

  private static void single(HttpServletRequest req, HttpServletResponse resp, ExportedFile file, Reader ch,
      ByteRanges.Part part, long total, boolean body) throws IOException {
    long n = total == 0 ? 0 : part.length();
    resp.setContentLengthLong(n);
    if (!body || n == 0) {
      return;
    }
    if (n >= SENDFILE_MIN && Boolean.TRUE.equals(req.getAttribute("org.apache.tomcat.sendfile.support"))) {
      // Tomcat writes the bytes from the file itself once the servlet returns (zero-copy where the OS can)
      req.setAttribute("org.apache.tomcat.sendfile.filename", file.path().toAbsolutePath().toString());
      req.setAttribute("org.apache.tomcat.sendfile.start", part.first());
      req.setAttribute("org.apache.tomcat.sendfile.end", part.last() + 1);
      return;
    }
    ch.copy(part, resp.getOutputStream());
  }

  private static void multipart(HttpServletResponse resp, ExportedFile file, Reader ch,
      List<ByteRanges.Part> parts, long total, boolean body) throws IOException {
    String boundary = "dasgrid-" + Long.toHexString(System.nanoTime()) + Long.toHexString(total);
    byte[][] heads = new byte[parts.size()][];
    long length = 0;
    for (int i = 0; i < parts.size(); i++) {
      ByteRanges.Part p = parts.get(i);
      heads[i] = ((i == 0 ? "" : "\r\n") + "--" + boundary + "\r\nContent-Type: " + file.mediaType()
          + "\r\nContent-Range: " + p.contentRange(total) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
      length += heads[i].length + p.length();
    }
    byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
    length += tail.length;
    resp.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
    resp.setContentType("multipart/byteranges; boundary=" + boundary);
    resp.setContentLengthLong(length);
    if (!body) {
      return;
    }
    OutputStream out = resp.getOutputStream();
    for (int i = 0; i < parts.size(); i++) {
      out.write(heads[i]);
      ch.copy(parts.get(i), out);
    }
    out.write(tail);
  }

  /** Where a part's bytes come from: the held bytes of a small file, or the file itself. */
  private sealed interface Reader permits BytesReader, ChannelReader {
    void copy(ByteRanges.Part part, OutputStream out) throws IOException;
  }

  private record BytesReader(byte[] bytes) implements Reader {
    @Override
    public void copy(ByteRanges.Part part, OutputStream out) throws IOException {
      out.write(bytes, (int) part.first(), (int) part.length());
    }
  }

  private record ChannelReader(FileChannel ch) implements Reader {
    @Override
    public void copy(ByteRanges.Part part, OutputStream out) throws IOException {
      WritableByteChannel target = Channels.newChannel(out);
      ByteBuffer buf = ByteBuffer.allocate((int) Math.min(1 << 16, part.length()));
      long pos = part.first();
      long end = part.last() + 1;
      while (pos < end) {
        buf.clear();
        buf.limit((int) Math.min(buf.capacity(), end - pos));
        int n = ch.read(buf, pos);
        if (n < 0) {
          throw new IOException("export file shorter than its length");
        }
        buf.flip();
        while (buf.hasRemaining()) {
          target.write(buf);
        }
        pos += n;
      }
    }
  }
}
