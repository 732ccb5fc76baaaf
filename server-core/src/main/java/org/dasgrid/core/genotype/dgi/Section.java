package org.dasgrid.core.genotype.dgi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

/** A section's place and checksum, as the catalog and the page tables name it. */
record Section(long offset, long length, int crc) {
  private static final ObjectMapper JSON = new ObjectMapper();

  ArrayNode json() {
    ArrayNode a = JSON.createArrayNode();
    a.add(offset).add(length).add(crc & 0xFFFFFFFFL);
    return a;
  }

  static Section of(JsonNode a) {
    return new Section(a.get(0).asLong(), a.get(1).asLong(), (int) a.get(2).asLong());
  }
}
