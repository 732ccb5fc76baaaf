/**
 * JMH micro-benchmarks of the hot paths on the bundled FlyBase 2L data: the interval query, the features
 * command as the servlet calls it, and XML/JSON serialization of 10,000 features. Run with {@code java -jar
 * perf/target/benchmarks.jar} (see perf/README.md).
 */
package org.dasgrid.perf.jmh;
