package org.dasgrid.core.cluster;

import org.dasgrid.core.genotype.CountAnswer;

/** A node's count, with the carriers' numbers (ascending) when they were asked for, else an empty array. */
public record CountReply(CountAnswer counts, int[] carriers) {}
