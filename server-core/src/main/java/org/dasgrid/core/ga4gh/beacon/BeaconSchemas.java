package org.dasgrid.core.ga4gh.beacon;

/** The names and addresses of the Beacon v2 schemas this beacon's documents follow. */
final class BeaconSchemas {
  static final String API_VERSION = "v2.0.0";
  /** The genomicVariant model's version, as its schema's {@code $comment} names it. */
  static final String VARIANT_SCHEMA = "ga4gh-beacon-variant-v2.0.0";
  static final String BASE = "https://raw.githubusercontent.com/ga4gh-beacon/beacon-v2/main/";
  static final String VARIANT_SCHEMA_URL = BASE + "models/json/beacon-v2-default-model/genomicVariations/defaultSchema.json";
  static final String VARIANT_OPENAPI_URL = BASE + "models/json/beacon-v2-default-model/genomicVariations/endpoints.json";
  static final String CONFIGURATION_SCHEMA_URL = BASE + "framework/json/configuration/beaconConfigurationSchema.json";
  static final String MAP_SCHEMA_URL = BASE + "framework/json/configuration/beaconMapSchema.json";
  static final String RESULTSETS_SCHEMA_URL = BASE + "framework/json/responses/sections/beaconResultsets.json";

  private BeaconSchemas() {}
}
