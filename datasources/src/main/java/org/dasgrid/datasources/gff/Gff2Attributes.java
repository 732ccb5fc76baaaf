package org.dasgrid.datasources.gff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the ninth column of GFF2 and GTF: {@code tag value; tag "quoted value"; ...}. Files labelled GFF2
 * in the wild also use GFF3's {@code key=value;key=value} (WormBase did), which is detected and read too.
 * htsjdk has no GFF2/GTF codec, hence this small parser.
 */
final class Gff2Attributes {
  /** The attributes in file order, and the first tag (the GFF2 "group" class) when there is one. */
  record Parsed(Map<String, List<String>> values, String firstTag, boolean keyValueStyle) {}

  private Gff2Attributes() {}

  static Parsed parse(String column) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    String s = column.trim();
    if (s.isEmpty() || s.equals(".")) {
      return new Parsed(values, null, false);
    }
    boolean kv = looksKeyValue(s);
    String firstTag = null;
    for (String item : splitOutsideQuotes(s)) {
      String it = item.trim();
      if (it.isEmpty()) {
        continue;
      }
      String tag;
      List<String> vals = new ArrayList<>(1);
      if (kv) {
        int eq = it.indexOf('=');
        if (eq <= 0) {
          throw new GffColumns.BadColumn("attribute '" + GffColumns.abbreviate(it) + "' is not key=value");
        }
        tag = it.substring(0, eq).trim();
        String v = it.substring(eq + 1);
        if (tag.equals("Target") || tag.equals("Note")) {
          vals.add(percentDecode(v));
        } else {
          for (String part : v.split(",")) {
            vals.add(percentDecode(part));
          }
        }
      } else {
        int sp = firstWhitespace(it);
        tag = sp < 0 ? it : it.substring(0, sp);
        if (sp >= 0) {
          List<String> parsed = values(it.substring(sp + 1));
          if (tag.equals("Target") && parsed.size() > 1) {
            vals.add(String.join(" ", parsed)); // Target "id" start stop reads as GFF3's "id start stop"
          } else {
            vals.addAll(parsed);
          }
        }
      }
      if (firstTag == null) {
        firstTag = tag;
      }
      values.computeIfAbsent(tag, k -> new ArrayList<>(1)).addAll(vals);
    }
    return new Parsed(values, firstTag, kv);
  }

  private static boolean looksKeyValue(String s) {
    int eq = s.indexOf('=');
    if (eq <= 0) {
      return false;
    }
    int quote = s.indexOf('"');
    int space = firstWhitespace(s);
    return (quote < 0 || eq < quote) && (space < 0 || eq < space);
  }

  private static int firstWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isWhitespace(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  private static List<String> splitOutsideQuotes(String s) {
    List<String> out = new ArrayList<>();
    boolean quoted = false;
    int from = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ';' && !quoted) {
        out.add(s.substring(from, i));
        from = i + 1;
      }
    }
    if (quoted) {
      throw new GffColumns.BadColumn("unbalanced quote in attributes");
    }
    out.add(s.substring(from));
    return out;
  }

  /**
   * The values after a GFF2 tag: quoted strings, or bare words. A Target's {@code "id" 1 20} is kept as one
   * value {@code id 1 20} so it reads like GFF3's.
   */
  private static List<String> values(String rest) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (int i = 0; i < rest.length(); i++) {
      char c = rest.charAt(i);
      if (c == '"') {
        quoted = !quoted;
        any = true;
      } else if (!quoted && Character.isWhitespace(c)) {
        if (cur.length() > 0 || any) {
          out.add(cur.toString());
          cur.setLength(0);
          any = false;
        }
      } else {
        cur.append(c);
      }
    }
    if (cur.length() > 0 || any) {
      out.add(cur.toString());
    }
    return out;
  }

  static String percentDecode(String v) {
    if (v.indexOf('%') < 0) {
      return v;
    }
    StringBuilder sb = new StringBuilder(v.length());
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c == '%' && i + 2 < v.length()) {
        int hi = Character.digit(v.charAt(i + 1), 16);
        int lo = Character.digit(v.charAt(i + 2), 16);
        if (hi >= 0 && lo >= 0) {
          sb.append((char) ((hi << 4) | lo));
          i += 2;
          continue;
        }
      }
      sb.append(c);
    }
    return sb.toString();
  }
}
