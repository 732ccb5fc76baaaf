package org.dasgrid.proto.sidecar;

import io.grpc.Server;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.cluster.NodeClient;
import org.dasgrid.proto.v1.ShardsGrpc;

/**
 * The gRPC server of a node, in the same JVM as its web application: the {@code dasgrid.v1.Shards} service
 * over the node's own shards and the standard {@code grpc.health.v1} service, which says SERVING once every
 * source is loaded or failed (as {@code /health/ready} does), and server reflection, optionally behind mutual
 * TLS.
 */
public final class Sidecar implements AutoCloseable {
  private final Server server;
  private final HealthStatusManager health;

  private Sidecar(Server server, HealthStatusManager health) {
    this.server = server;
    this.health = health;
  }

  /**
   * Starts serving {@code local} on {@code bind:port} (port 0 picks a free one).
   *
   * @param ready completes when the node's sources are loaded or failed
   */
  public static Sidecar start(String bind, int port, NodeClient local, String serverName, Optional<TlsFiles> tls,
      CompletableFuture<?> ready) throws IOException {
    HealthStatusManager health = new HealthStatusManager();
    String service = ShardsGrpc.SERVICE_NAME;
    health.setStatus("", ServingStatus.NOT_SERVING);
    health.setStatus(service, ServingStatus.NOT_SERVING);
    NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress(bind, port))
        .addService(new ShardService(local, serverName))
        .addService(health.getHealthService())
        // server reflection, so grpcurl and similar tools need no proto files
        .addService(ProtoReflectionService.newInstance())
        .permitKeepAliveTime(10, TimeUnit.SECONDS);
    if (tls.isPresent()) {
      b.sslContext(tls.get().server());
    }
    Server server;
    try {
      server = b.build().start();
    } catch (IOException e) {
      throw new IOException("cannot serve gRPC on " + bind + ":" + port + " (is the port in use?): "
          + e.getMessage(), e);
    }
    ready.whenComplete((v, e) -> {
      health.setStatus("", ServingStatus.SERVING);
      health.setStatus(service, ServingStatus.SERVING);
    });
    return new Sidecar(server, health);
  }

  public int port() {
    return server.getPort();
  }

  @Override
  public void close() {
    health.enterTerminalState();
    server.shutdown();
    try {
      if (!server.awaitTermination(2, TimeUnit.SECONDS)) {
        server.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.shutdownNow();
    }
  }
}
