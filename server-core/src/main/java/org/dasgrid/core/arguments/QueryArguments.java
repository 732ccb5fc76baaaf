package org.dasgrid.core.arguments;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.error.RequestException;

/**
 * The arguments of a request, parsed from the raw query string, for every protocol that reads them (DAS, the
 * genotype and cohort JSON APIs).
 *
 * <p>DAS clients (Biodalliance, Bio::Das::Lite) separate arguments with {@code ;} as well as {@code &},
 * which servlet containers do not split on, so we parse the raw string ourselves. Percent-encoding must be
 * valid and decode to valid UTF-8; anything else is a bad argument (DAS 402, HTTP 400) rather than a guess.
 */
public final class QueryArguments {
  private static final QueryArguments EMPTY = new QueryArguments(Map.of());
  private final Map<String, List<String>> values;

  private QueryArguments(Map<String, List<String>> values) {
    this.values = values;
  }

  public static QueryArguments empty() {
    return EMPTY;
  }

  /** Parses {@code a=1;b=2&b=3}; a {@code null} or empty string gives no arguments. */
  public static QueryArguments parse(String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return EMPTY;
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    int i = 0;
    int n = rawQuery.length();
    while (i <= n) {
      int end = i;
      while (end < n && rawQuery.charAt(end) != ';' && rawQuery.charAt(end) != '&') {
        end++;
      }
      if (end > i) {
        String pair = rawQuery.substring(i, end);
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        values.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
      }
      i = end + 1;
    }
    values.replaceAll((k, v) -> List.copyOf(v));
    return new QueryArguments(Map.copyOf(values));
  }

  /** Merges form-body arguments (POSTed batch requests) after the query-string ones. */
  public QueryArguments plus(QueryArguments other) {
    if (other.values.isEmpty()) {
      return this;
    }
    Map<String, List<String>> merged = new LinkedHashMap<>(values);
    other.values.forEach(
        (k, v) ->
            merged.merge(
                k,
                v,
                (a, b) -> {
                  List<String> all = new ArrayList<>(a);
                  all.addAll(b);
                  return List.copyOf(all);
                }));
    return new QueryArguments(Map.copyOf(merged));
  }

  /** These arguments with {@code name}'s values replaced ({@code values} empty: the argument removed). */
  public QueryArguments replacing(String name, List<String> values) {
    Map<String, List<String>> m = new LinkedHashMap<>(this.values);
    if (values.isEmpty()) {
      m.remove(name);
    } else {
      m.put(name, List.copyOf(values));
    }
    return new QueryArguments(Map.copyOf(m));
  }

  public List<String> all(String name) {
    return values.getOrDefault(name, List.of());
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** The value of an argument that may appear at most once; repeating it is a client error. */
  public Optional<String> single(String name) {
    List<String> v = values.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (v.size() > 1) {
      throw RequestException.badArgument("argument '%s' given %d times; it may appear once", name, v.size());
    }
    return Optional.of(v.get(0));
  }

  /**
   * A true/false argument, read strictly as the docs write it: {@code true} or {@code false} (surrounding blanks
   * aside). {@code yes}, {@code 1} or {@code TRUE} are refused naming the argument and the two values, so that
   * no spelling is silently read one way by one endpoint and refused by another.
   */
  public Optional<Boolean> flag(String name) {
    return single(name).map(v -> switch (v.strip()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw RequestException.badArgument("%s must be true or false, not '%s'", name,
          v.length() <= 60 ? v.replaceAll("\\p{Cntrl}", "?") : v.substring(0, 57).replaceAll("\\p{Cntrl}", "?")
              + "...");
    });
  }

  public Map<String, List<String>> asMap() {
    return values;
  }

  static String decode(String s) {
    if (s.indexOf('%') < 0 && s.indexOf('+') < 0) {
      return s;
    }
    // UTF-8 needs at most 3 bytes per UTF-16 char, so this never overflows whatever the client sent
    byte[] bytes = new byte[s.length() * 3];
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '+') {
        bytes[n++] = ' ';
      } else if (c == '%') {
        if (i + 2 >= s.length()) {
          throw RequestException.badArgument("malformed percent-encoding in the query string");
        }
        int hi = Character.digit(s.charAt(i + 1), 16);
        int lo = Character.digit(s.charAt(i + 2), 16);
        if (hi < 0 || lo < 0) {
          throw RequestException.badArgument("malformed percent-encoding in the query string");
        }
        bytes[n++] = (byte) ((hi << 4) | lo);
        i += 2;
      } else if (c < 0x80) {
        bytes[n++] = (byte) c;
      } else {
        // raw non-ASCII in the query (clients should encode it, some do not): take the whole code point
        int cp = s.codePointAt(i);
        byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        System.arraycopy(utf8, 0, bytes, n, utf8.length);
        n += utf8.length;
        i += Character.charCount(cp) - 1;
      }
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      CharBuffer chars = decoder.decode(ByteBuffer.wrap(bytes, 0, n));
      return chars.toString();
    } catch (CharacterCodingException e) {
      throw RequestException.badArgument("the query string is not valid UTF-8");
    }
  }
}
