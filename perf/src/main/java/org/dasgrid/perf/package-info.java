/**
 * Load-test support: {@link org.dasgrid.perf.BenchServer} (DasGrid plus a static baseline and a cache-less
 * twin in one Tomcat), the request sets every benchmark shares ({@link org.dasgrid.perf.Workloads}), and the
 * server-CPU probe ({@link org.dasgrid.perf.ServerCpu}). The Gatling simulations live in the test sources,
 * the JMH benchmarks in {@code org.dasgrid.perf.jmh}.
 */
package org.dasgrid.perf;
