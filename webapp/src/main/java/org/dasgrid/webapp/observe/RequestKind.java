package org.dasgrid.webapp.observe;

/**
 * What a request asked for, as metric tags: the API ({@code das}, {@code genotypes}, {@code api},
 * {@code health}, {@code metrics}, {@code openapi}, {@code page}), the command, and the source. Values are from
 * small fixed sets ({@code other}, {@code unknown} or {@code -} for the rest) so a client cannot make new series.
 */
record RequestKind(String api, String command, String source) {}
