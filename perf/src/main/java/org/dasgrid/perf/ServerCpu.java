package org.dasgrid.perf;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * CPU time of a server process on this Linux machine, from {@code /proc/PID/stat} (user + system). The
 * process is named by pid or found as the one listening on a local TCP port ({@code /proc/net/tcp*} socket
 * inode, then the process holding it), so a load test can report server CPU% for any local server.
 */
public final class ServerCpu {
  private static final long TICK_NANOS = 1_000_000_000L / clockTicks();
  private final long pid;

  private ServerCpu(long pid) {
    this.pid = pid;
  }

  public static ServerCpu ofPid(long pid) {
    return new ServerCpu(pid);
  }

  /** The process listening on {@code port} (IPv4 or IPv6), if this machine shows it. */
  public static Optional<ServerCpu> listeningOn(int port) {
    return listeningPid(port).map(ServerCpu::new);
  }

  public long pid() {
    return pid;
  }

  /** User + system CPU time so far, in nanoseconds (10 ms resolution); empty once the process is gone. */
  public OptionalLong cpuNanos() {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // fields after "pid (comm) ": state ppid ... utime(14) stime(15); comm may hold spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return OptionalLong.of((Long.parseLong(f[11]) + Long.parseLong(f[12])) * TICK_NANOS);
    } catch (IOException | RuntimeException e) {
      return OptionalLong.empty();
    }
  }

  static Optional<Long> listeningPid(int port) {
    OptionalLong inode = OptionalLong.empty();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      inode = listeningInode(Path.of(table), port);
      if (inode.isPresent()) {
        break;
      }
    }
    if (inode.isEmpty()) {
      return Optional.empty();
    }
    String socket = "socket:[" + inode.getAsLong() + "]";
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path proc : procs) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("fd"))) {
          for (Path fd : fds) {
            try {
              if (socket.equals(Files.readSymbolicLink(fd).toString())) {
                return Optional.of(Long.parseLong(proc.getFileName().toString()));
              }
            } catch (IOException e) {
              // fd closed meanwhile
            }
          }
        } catch (IOException e) {
          // not ours to read, or gone
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private static OptionalLong listeningInode(Path table, int port) {
    try {
      for (String line : Files.readAllLines(table)) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 10 || !f[3].equals("0A")) {
          continue; // header, or not LISTEN
        }
        String local = f[1];
        if (Integer.parseInt(local.substring(local.indexOf(':') + 1), 16) == port) {
          return OptionalLong.of(Long.parseLong(f[9]));
        }
      }
    } catch (IOException | RuntimeException e) {
      // no such table here
    }
    return OptionalLong.empty();
  }

  private static long clockTicks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
      p.waitFor();
      long t = Long.parseLong(out.trim());
      return t > 0 ? t : 100;
    } catch (IOException | RuntimeException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }
}
