import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * How fast an index open can check its sections' CRC-32C (issue 17, open time): the JDK's CRC32C over a heap
 * array (the instruction alone), over the file mapped as the reader maps it (1 GiB pieces: page faults
 * included), and over the file read with FileChannel.read into a reused direct buffer (a copy, no faults).
 * Run each twice; the file should be in the page cache (run a pass first) to time the CPU side.
 *
 *   java perf/scripts/Crc32cThroughput.java INDEX.dgi
 */
public final class Crc32cThroughput {
  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    byte[] heap = new byte[256 << 20];
    new java.util.Random(1).nextBytes(heap);
    for (int round = 0; round < 2; round++) {
      long t = System.nanoTime();
      CRC32C c = new CRC32C();
      for (int k = 0; k < 8; k++) {
        c.update(heap, 0, heap.length);
      }
      report("heap array, 2 GiB", 8L * heap.length, t, c.getValue());
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
        long size = ch.size();
        t = System.nanoTime();
        c = new CRC32C();
        for (long at = 0; at < size; at += 1L << 30) {
          MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, at, Math.min(1L << 30, size - at));
          c.update(m);
        }
        report("mapped (fresh mapping: faults)", size, t, c.getValue());
        t = System.nanoTime();
        c = new CRC32C();
        ByteBuffer buf = ByteBuffer.allocateDirect(8 << 20);
        for (long at = 0; at < size; ) {
          buf.clear();
          int n = ch.read(buf, at);
          if (n <= 0) {
            break;
          }
          at += n;
          buf.flip();
          c.update(buf);
        }
        report("FileChannel.read, 8 MiB direct buffer", size, t, c.getValue());
      }
    }
  }

  private static void report(String what, long bytes, long t0, long crc) {
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf("%-40s %6.2f GB in %5.2f s = %5.2f GB/s (crc %08x)%n", what, bytes / 1e9, s, bytes / 1e9 / s, crc);
  }
}
