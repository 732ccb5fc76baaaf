/**
 * Sharded sources across cluster nodes: which node holds which contigs ({@link ClusterLayout}), the
 * {@link NodeClient} interface through which a node asks another (implemented over gRPC in the proto module,
 * and in-process by {@link LocalNode}), and {@link ClusterSource}, which answers for a whole source by
 * fanning a request out to the nodes holding its contigs and merging their answers. Nothing here knows the
 * wire.
 */
package org.dasgrid.core.cluster;
