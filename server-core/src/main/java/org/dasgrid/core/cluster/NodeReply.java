package org.dasgrid.core.cluster;

/** A node's answer to one call, with the time its engine spent on it. */
public record NodeReply<T>(String nodeId, T value, long dbNanos) {}
