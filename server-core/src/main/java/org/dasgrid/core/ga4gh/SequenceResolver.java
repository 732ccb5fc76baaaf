package org.dasgrid.core.ga4gh;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.SequenceDigests;

/**
 * Finds a sequence by a refget identifier among the sources the client may read:
 *
 * <ul>
 *   <li>a checksum: MD5 (32 hex digits), TRUNC512 (48), or the GA4GH digest {@code SQ.}..., optionally with
 *       its namespace ({@code md5:}, {@code trunc512:}, {@code ga4gh:}); hex is case-insensitive;
 *   <li>a namespaced name: {@code SOURCE:NAME} (a source id and one of its reference names or aliases, as DAS
 *       segments use them), or a name written with its namespace in a source's {@code aliases:} file
 *       ({@code insdc:BK006935.2}).
 * </ul>
 *
 * A protected source the client may not read is not searched, so its sequences stay unknown (404).
 */
public final class SequenceResolver {
  private static final Pattern MD5 = Pattern.compile("[0-9a-fA-F]{32}");
  private static final Pattern TRUNC512 = Pattern.compile("[0-9a-fA-F]{48}");
  private static final Pattern GA4GH = Pattern.compile("SQ\\.[A-Za-z0-9_-]{32}");

  private final SourceRegistry registry;

  public SequenceResolver(SourceRegistry registry) {
    this.registry = registry;
  }

  /** The sequence the identifier names, or a NOT_FOUND request error. */
  public ResolvedSequence resolve(String id, AccessCheck access) {
    List<LoadedSource> readable = registry.loaded().stream().filter(s -> access.mayRead(s.config())).toList();
    Optional<String> checksum = checksum(id);
    for (LoadedSource s : readable) {
      Optional<SequenceDigests.Digest> d = checksum.isPresent() ? s.digests().byChecksum(checksum.get())
          : byName(s, id);
      if (d.isPresent()) {
        return new ResolvedSequence(s, d.get(), holders(readable, d.get()));
      }
    }
    throw RequestException.notFound("no sequence '%s'", shorten(id));
  }

  /** The checksum an identifier is, normalised (hex lower-cased), if it is one. */
  static Optional<String> checksum(String id) {
    String bare = id;
    int colon = id.indexOf(':');
    if (colon > 0) {
      String ns = id.substring(0, colon).toLowerCase(Locale.ROOT);
      bare = id.substring(colon + 1);
      return switch (ns) {
        case "md5" -> MD5.matcher(bare).matches() ? Optional.of(bare.toLowerCase(Locale.ROOT)) : Optional.empty();
        case "trunc512" -> TRUNC512.matcher(bare).matches() ? Optional.of(bare.toLowerCase(Locale.ROOT))
            : Optional.empty();
        case "ga4gh" -> GA4GH.matcher(bare).matches() ? Optional.of(bare) : Optional.empty();
        default -> Optional.empty();
      };
    }
    if (MD5.matcher(bare).matches() || TRUNC512.matcher(bare).matches()) {
      return Optional.of(bare.toLowerCase(Locale.ROOT));
    }
    return GA4GH.matcher(bare).matches() ? Optional.of(bare) : Optional.empty();
  }

  /** {@code SOURCE:NAME}, or a namespaced alias of the source's own; bare names are ambiguous and not taken. */
  private static Optional<SequenceDigests.Digest> byName(LoadedSource s, String id) {
    int colon = id.indexOf(':');
    if (colon <= 0) {
      return Optional.empty();
    }
    if (id.substring(0, colon).equals(s.id())) {
      Optional<SequenceDigests.Digest> d = s.data().entryPoint(id.substring(colon + 1))
          .flatMap(ep -> s.digests().of(ep.name()));
      if (d.isPresent()) {
        return d;
      }
    }
    return s.data().entryPoint(id).flatMap(ep -> s.digests().of(ep.name()));
  }

  private static List<ResolvedSequence.Holder> holders(List<LoadedSource> readable, SequenceDigests.Digest d) {
    List<ResolvedSequence.Holder> out = new ArrayList<>();
    for (LoadedSource s : readable) {
      s.digests().byChecksum(d.md5()).ifPresent(h -> out.add(new ResolvedSequence.Holder(s, h.ref())));
    }
    return out;
  }

  /** The names a holder gives the sequence: its canonical name, then its aliases. */
  static List<String> names(ResolvedSequence.Holder h) {
    List<String> names = new ArrayList<>();
    names.add(h.ref());
    h.source().data().entryPoint(h.ref()).map(EntryPoint::aliases).ifPresent(names::addAll);
    return names;
  }

  private static String shorten(String id) {
    return id.length() <= 80 ? id : id.substring(0, 77) + "...";
  }
}
