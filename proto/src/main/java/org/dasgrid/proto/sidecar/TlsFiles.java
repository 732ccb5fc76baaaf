package org.dasgrid.proto.sidecar;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import java.nio.file.Path;
import java.util.Optional;
import javax.net.ssl.SSLException;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.DasGridConfig;

/**
 * Mutual TLS between nodes from PEM files: this node's certificate chain and PKCS#8 key, which it shows both
 * as server and as client, and the CA every node's certificate must be signed by. A node accepts only peers
 * with such a certificate, and checks that a peer's certificate names the host it dialled.
 */
public record TlsFiles(Path cert, Path key, Path ca) {

  /** The config's {@code cluster.tls}, paths resolved against the config file's folder. */
  public static Optional<TlsFiles> of(DasGridConfig config) {
    return config.clusterConfig().map(ClusterConfig::tls).map(t -> {
      Path base = config.file().getParent();
      return new TlsFiles(base.resolve(t.cert()), base.resolve(t.key()), base.resolve(t.ca()));
    });
  }

  SslContext server() throws SSLException {
    return GrpcSslContexts.forServer(cert.toFile(), key.toFile())
        .trustManager(ca.toFile())
        .clientAuth(ClientAuth.REQUIRE)
        .build();
  }

  SslContext client() throws SSLException {
    return GrpcSslContexts.forClient()
        .keyManager(cert.toFile(), key.toFile())
        .trustManager(ca.toFile())
        .build();
  }
}
