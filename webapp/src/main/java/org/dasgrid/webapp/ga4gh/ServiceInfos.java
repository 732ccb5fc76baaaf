package org.dasgrid.webapp.ga4gh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.ga4gh.RefgetDocuments;
import org.dasgrid.core.ga4gh.ServiceInfo;

/**
 * The GA4GH service-info documents of this server: the whole server (a service registry listing the others at
 * {@code /services}), refget and htsget. Organization is DasGrid at the URL the client reached it by.
 */
final class ServiceInfos {
  private final String version;

  ServiceInfos(String version) {
    this.version = version;
  }

  ServiceInfo server(String base) {
    Map<String, Object> ext = new LinkedHashMap<>();
    ext.put("services", List.of(base + "/refget/sequence/service-info", base + "/htsget/variants/service-info",
        base + "/beacon/v2/service-info"));
    return new ServiceInfo("org.dasgrid", "DasGrid", ServiceInfo.Type.ga4gh("service-registry", "1.0.0"),
        "DAS 1.6, genotype queries and GA4GH APIs (refget v2, htsget v1.3, Beacon v2) over the same loaded sources",
        organization(base), version, base + "/openapi.json", ext);
  }

  ServiceInfo refget(String base, List<String> identifierTypes) {
    return new ServiceInfo("org.dasgrid.refget", "DasGrid refget", ServiceInfo.Type.ga4gh("refget", "2.0.0"),
        "Reference sequences of the loaded sources by checksum (MD5, ga4gh SQ., TRUNC512)", organization(base),
        version, base + "/openapi.json", Map.of("refget", RefgetDocuments.serviceInfoSection(identifierTypes)));
  }

  ServiceInfo htsget(String base) {
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("datatype", "variants");
    section.put("formats", List.of("VCF"));
    section.put("fieldsParameterEffective", false);
    section.put("tagsParametersEffective", false);
    return new ServiceInfo("org.dasgrid.htsget", "DasGrid htsget", ServiceInfo.Type.ga4gh("htsget", "1.3.0"),
        "Region slices of the VCF sources as bgzipped VCF, by ticket", organization(base), version,
        base + "/openapi.json", Map.of("htsget", section));
  }

  /** Every API's service-info, for {@code /services}. */
  List<ServiceInfo> apis(String base, List<String> identifierTypes) {
    List<ServiceInfo> out = new ArrayList<>();
    out.add(refget(base, identifierTypes));
    out.add(htsget(base));
    return out;
  }

  private static ServiceInfo.Organization organization(String base) {
    return new ServiceInfo.Organization("DasGrid", base + "/");
  }
}
