/**
 * The gRPC sidecar of a cluster node: {@link ShardService} serves this node's shards to the other nodes (over
 * the core's {@link org.dasgrid.core.cluster.LocalNode}), {@link GrpcNodeClient} is how this node asks another
 * (the core's {@link org.dasgrid.core.cluster.NodeClient} over the wire), {@link Sidecar} runs the server with
 * the standard {@code grpc.health.v1} service, and {@link CoreMessages} converts between core values and messages.
 */
package org.dasgrid.proto.sidecar;
