package org.dasgrid.webapp.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.dasgrid.webapp.TestServer;

/**
 * One DasGrid JVM started from the built jar, as a user starts a node: its output kept for the failure
 * message, its readiness read from the "DasGrid ready" line, and the signals the fault tests send it
 * (kill, stop, continue).
 */
public final class NodeProcess implements AutoCloseable {
  private final List<String> command;
  private final String name;
  private Process process;
  private final StringBuffer output = new StringBuffer();
  private CountDownLatch ready;

  public NodeProcess(String name, List<String> args) {
    this.name = name;
    this.command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx768m", "-XX:+UseSerialGC", "-jar", TestServer.root().resolve("webapp/target/dasgrid.jar").toString()));
    command.addAll(args);
  }

  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  public NodeProcess start() throws IOException {
    ready = new CountDownLatch(1);
    process = new ProcessBuilder(command).redirectErrorStream(true).start();
    Process p = process;
    CountDownLatch r = ready;
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          output.append('[').append(name).append("] ").append(line).append('\n');
          if (line.startsWith("DasGrid ready on ")) {
            r.countDown();
          }
        }
      } catch (IOException e) {
        // ended
      }
    }, "node-output-" + name);
    t.setDaemon(true);
    t.start();
    return this;
  }

  public void awaitReady(long seconds) throws InterruptedException {
    if (!ready.await(seconds, TimeUnit.SECONDS)) {
      throw new AssertionError(name + " not ready in " + seconds + " s:\n" + output);
    }
  }

  long pid() {
    return process.pid();
  }

  String output() {
    return output.toString();
  }

  /** Kills the JVM at once, as a crash or a pulled plug would. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
  }

  /** Freezes the JVM: it keeps its sockets but answers nothing (a node too slow to answer). */
  void freeze() throws Exception {
    signal("-STOP");
  }

  void thaw() throws Exception {
    signal("-CONT");
  }

  private void signal(String sig) throws Exception {
    Process k = new ProcessBuilder("kill", sig, Long.toString(process.pid())).inheritIO().start();
    if (!k.waitFor(10, TimeUnit.SECONDS) || k.exitValue() != 0) {
      throw new AssertionError("kill " + sig + " failed");
    }
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      try {
        thaw();
      } catch (Exception e) {
        // it was not frozen
      }
      process.destroy();
      try {
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
      }
    }
  }
}
