package org.dasgrid.core.ga4gh.beacon;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP request to the beacon, protocol-side: the method, the path under {@code /beacon/v2} ({@code ""}
 * for the root), the query parameters, the body (empty for GET), the datasets this client may read, those of
 * them that cannot answer now ({@code unavailable}: failed or loading), and the absolute URLs of the server
 * ({@code serverUrl}, e.g. {@code http://host:8080}) under which links are made.
 */
public record BeaconRequest(String method, String path, Map<String, List<String>> query, byte[] body,
    List<BeaconDataset> datasets, List<UnavailableDataset> unavailable, String serverUrl) {
  public BeaconRequest {
    Objects.requireNonNull(method, "method");
    path = path == null ? "" : path;
    query = Map.copyOf(query);
    body = body == null ? new byte[0] : body;
    datasets = List.copyOf(datasets);
    unavailable = List.copyOf(unavailable);
    Objects.requireNonNull(serverUrl, "serverUrl");
  }

  /** The beacon's root URL. */
  String beaconUrl() {
    return serverUrl + BeaconService.ROOT;
  }
}
