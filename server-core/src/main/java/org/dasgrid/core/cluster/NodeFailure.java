package org.dasgrid.core.cluster;

/**
 * A call to a node that did not give an answer, and why. {@link Reason#UNAVAILABLE} and {@link
 * Reason#DEADLINE} mean the node (or the way to it) is in trouble: it is marked down and another replica is
 * tried. The others mean the node answered, but not with data.
 */
public final class NodeFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public enum Reason {
    /** The node could not be reached (down, refusing connections, TLS handshake failed). */
    UNAVAILABLE,
    /** The node did not answer before the request's deadline. */
    DEADLINE,
    /** The node does not hold (or does not yet serve) what was asked of it. */
    NOT_SERVING,
    /** The node failed while answering. */
    ERROR
  }

  private final String nodeId;
  private final Reason reason;

  public NodeFailure(String nodeId, Reason reason, String message) {
    super(message, null, false, false);
    this.nodeId = nodeId;
    this.reason = reason;
  }

  public String nodeId() {
    return nodeId;
  }

  public Reason reason() {
    return reason;
  }

  /** Whether the node should be avoided for a while. */
  public boolean nodeInTrouble() {
    return reason == Reason.UNAVAILABLE || reason == Reason.DEADLINE;
  }

  /** The failure in the chain of {@code t}, or one wrapping it as an error of {@code nodeId}. */
  public static NodeFailure of(String nodeId, Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof NodeFailure f) {
        return f;
      }
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return new NodeFailure(nodeId, Reason.ERROR, m);
  }
}
