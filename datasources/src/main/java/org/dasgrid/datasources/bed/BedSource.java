package org.dasgrid.datasources.bed;

import java.util.Map;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.ForwardingDataSource;
import org.dasgrid.core.source.StyledSource;

/** BED features in memory, with the colours of their {@code itemRgb} for the default stylesheet. */
final class BedSource extends ForwardingDataSource implements StyledSource {
  private final Map<String, String> typeColours;

  BedSource(DataSource features, Map<String, String> typeColours) {
    super(features);
    this.typeColours = Map.copyOf(typeColours);
  }

  @Override
  public Map<String, String> typeColours() {
    return typeColours;
  }
}
