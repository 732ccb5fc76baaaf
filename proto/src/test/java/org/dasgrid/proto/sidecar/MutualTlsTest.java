package org.dasgrid.proto.sidecar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.cluster.LocalNode;
import org.dasgrid.core.cluster.NodeFailure;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.registry.LoadListener;
import org.dasgrid.core.registry.SourceLoader;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.proto.v1.InfoRequest;
import org.dasgrid.proto.v1.ShardsGrpc;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS between nodes, with certificates made here by {@code openssl} (a test CA, a node certificate
 * for 127.0.0.1, and an intruder's certificate from another CA): nodes with certificates of the cluster's
 * CA talk; a plaintext client, a TLS client without a certificate and one with a foreign certificate are
 * refused.
 */
class MutualTlsTest {
  @TempDir static Path dir;
  private static Sidecar sidecar;
  private static TlsFiles cluster;
  private static TlsFiles intruder;

  private static void openssl(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("openssl"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("openssl %s: %s", cmd, out).isZero();
  }

  /** A CA, and a certificate it signs for 127.0.0.1 (the same one serves as server and as client). */
  static TlsFiles certificates(String name) throws Exception {
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", name + "-ca.key", "-out", name + "-ca.crt",
        "-days", "2", "-subj", "/CN=" + name + " test CA");
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out", name + ".csr",
        "-subj", "/CN=" + name + " node");
    Files.writeString(dir.resolve(name + ".ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    openssl("x509", "-req", "-in", name + ".csr", "-CA", name + "-ca.crt", "-CAkey", name + "-ca.key",
        "-CAcreateserial", "-out", name + ".crt", "-days", "2", "-extfile", name + ".ext");
    return new TlsFiles(dir.resolve(name + ".crt"), dir.resolve(name + ".key"), dir.resolve(name + "-ca.crt"));
  }

  @BeforeAll
  static void start() throws Exception {
    cluster = certificates("cluster");
    intruder = certificates("intruder");
    Path d = GrpcRoundTripTest.examples();
    SourceRegistry registry = new SourceRegistry(List.of(SourceConfig.of("ce", "gff2", d.resolve("ce_ws199.gff"))));
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.discover(MutualTlsTest.class.getClassLoader()),
        LoadListener.NONE, 1)) {
      loader.loadAll(registry).join();
    }
    sidecar = Sidecar.start("127.0.0.1", 0, new LocalNode("tls1", registry, c -> ContigSelection.ALL),
        "DasGrid/test", Optional.of(cluster), CompletableFuture.completedFuture(null));
  }

  @AfterAll
  static void stop() {
    sidecar.close();
  }

  private static ClusterConfig.Node node() {
    return new ClusterConfig.Node("tls1", "127.0.0.1:" + sidecar.port(), null);
  }

  private static long deadline() {
    return System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
  }

  /** A client with these TLS files (plaintext if empty) asks for the node's status and is turned away. */
  private static void assertRefused(Optional<TlsFiles> tls) {
    try (GrpcNodeClient c = GrpcNodeClient.connect(node(), tls)) {
      assertThatThrownBy(() -> c.status(deadline()).get()).cause().isInstanceOfSatisfying(NodeFailure.class,
          f -> assertThat(f.reason()).isEqualTo(NodeFailure.Reason.UNAVAILABLE));
    }
  }

  @Test
  void nodesWithCertificatesOfTheClustersCaTalk() throws Exception {
    try (GrpcNodeClient c = GrpcNodeClient.connect(node(), Optional.of(cluster))) {
      assertThat(c.status(deadline()).get().source("ce")).isPresent();
    }
  }

  @Test
  void aPlaintextClientIsRefused() {
    assertRefused(Optional.empty());
  }

  @Test
  void aTlsClientWithoutACertificateIsRefused() throws Exception {
    // trusts the cluster's CA (so it would accept the server) but shows no certificate of its own
    ManagedChannel ch = NettyChannelBuilder.forTarget("127.0.0.1:" + sidecar.port())
        .sslContext(GrpcSslContexts.forClient().trustManager(cluster.ca().toFile()).build()).build();
    try {
      assertThatThrownBy(() -> ShardsGrpc.newBlockingStub(ch).withDeadlineAfter(20, TimeUnit.SECONDS)
          .info(InfoRequest.getDefaultInstance()))
          .isInstanceOfSatisfying(StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
    } finally {
      ch.shutdownNow();
    }
  }

  @Test
  void aClientWithAForeignCertificateIsRefused() {
    // trusts the cluster's CA (so it would accept the server) but shows a certificate of another CA
    assertRefused(Optional.of(new TlsFiles(intruder.cert(), intruder.key(), cluster.ca())));
  }

  @Test
  void aClientRefusesAServerItsCaDidNotSign() {
    // shows the cluster's own certificate but trusts only the intruders' CA, so it refuses the server
    assertRefused(Optional.of(new TlsFiles(cluster.cert(), cluster.key(), intruder.ca())));
  }
}
