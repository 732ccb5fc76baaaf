package org.dasgrid.webapp.app;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * How this server takes part in a cluster: its node id (one of the config's {@code cluster.nodes}) and the
 * port of its gRPC sidecar. From the command line ({@code --node-id}, {@code --grpc-port}), or in a WAR from
 * the context parameters {@code dasgrid.nodeId}, {@code dasgrid.grpcPort} and {@code dasgrid.grpcBind}.
 *
 * @param bind the address the sidecar listens on (the HTTP connector's)
 */
public record NodeOptions(Optional<String> nodeId, OptionalInt grpcPort, String bind) {
  public static final NodeOptions NONE = new NodeOptions(Optional.empty(), OptionalInt.empty(), "0.0.0.0");
}
