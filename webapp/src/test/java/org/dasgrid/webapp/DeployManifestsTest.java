package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests of {@code docs/deploy} hold together: the StatefulSet, its headless Service, the
 * client Service, the ConfigMap with the cluster config, the data volume and the disruption budget name each
 * other, the ports and paths agree, and the config's nodes are the StatefulSet's pods under the headless
 * Service's DNS names. No Kubernetes cluster is needed: the files are read as YAML.
 */
class DeployManifestsTest {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final String CLUSTER_DOMAIN = "svc.cluster.local";

  private static Path deploy;
  /** Every document of every {@code docs/deploy/*.yaml} but the kustomization, with the file it came from. */
  private static final List<Manifest> MANIFESTS = new ArrayList<>();

  private static JsonNode kustomization;
  private static JsonNode statefulSet;
  private static JsonNode container;
  private static JsonNode config;

  record Manifest(Path file, JsonNode doc) {
    String kind() {
      return doc.path("kind").asText();
    }

    String name() {
      return doc.path("metadata").path("name").asText();
    }
  }

  @BeforeAll
  static void readManifests() throws IOException {
    deploy = root().resolve("docs/deploy");
    List<Path> files;
    try (Stream<Path> s = Files.list(deploy)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
    }
    for (Path file : files) {
      for (JsonNode doc : readAll(file)) {
        if (file.getFileName().toString().equals("kustomization.yaml")) {
          kustomization = doc;
        } else {
          MANIFESTS.add(new Manifest(file, doc));
        }
      }
    }
    assertThat(kustomization).as("docs/deploy/kustomization.yaml").isNotNull();
    statefulSet = one("StatefulSet").doc();
    List<JsonNode> containers = list(statefulSet.at("/spec/template/spec/containers"));
    assertThat(containers).as("containers of the StatefulSet").hasSize(1);
    container = containers.get(0);
    config = YAML.readTree(configMap().doc().at("/data").path(configFileName()).asText());
  }

  /** The repository: {@code dasgrid.root} (set by the build), else the first folder up with docs/deploy. */
  private static Path root() {
    String property = System.getProperty("dasgrid.root");
    if (property != null && !property.isBlank() && Files.isDirectory(Path.of(property, "docs", "deploy"))) {
      return Path.of(property).toAbsolutePath().normalize();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("docs/deploy"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no docs/deploy above " + Path.of("").toAbsolutePath());
  }

  private static List<JsonNode> readAll(Path file) throws IOException {
    List<JsonNode> docs = new ArrayList<>();
    try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
      while (it.hasNextValue()) {
        JsonNode doc = it.nextValue();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          docs.add(doc);
        }
      }
    }
    return docs;
  }

  @Test
  void everyDocumentIsANamedKubernetesObjectAndTheKustomizationListsRealFiles() {
    assertThat(MANIFESTS).isNotEmpty();
    for (Manifest m : MANIFESTS) {
      assertThat(m.doc().path("apiVersion").asText()).as("apiVersion in %s", m.file().getFileName()).isNotBlank();
      assertThat(m.kind()).as("kind in %s", m.file().getFileName()).isNotBlank();
      assertThat(m.name()).as("metadata.name of a %s in %s", m.kind(), m.file().getFileName())
          .matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    }
    String namespace = kustomization.path("namespace").asText();
    assertThat(one("Namespace").name()).isEqualTo(namespace);
    for (Manifest m : MANIFESTS) {
      String ns = m.doc().at("/metadata/namespace").asText(namespace);
      assertThat(ns).as("namespace of %s %s", m.kind(), m.name()).isEqualTo(namespace);
    }
    List<String> resources = texts(kustomization.path("resources"));
    assertThat(resources).contains("statefulset.yaml", "service.yaml", "configmap.yaml", "pdb.yaml",
        "data-pvc.yaml");
    for (String r : resources) {
      assertThat(deploy.resolve(r)).as("kustomization resource %s", r).isRegularFile();
    }
    // the image the walkthrough builds is the one the kustomization can retag
    String image = container.path("image").asText();
    assertThat(texts(kustomization.path("images"), "name")).contains(image.substring(0, image.lastIndexOf(':')));
  }

  @Test
  void theStatefulSetIsGovernedByTheHeadlessServiceWhichPublishesPodsWhileTheyLoad() {
    JsonNode headless = service(statefulSet.at("/spec/serviceName").asText());
    assertThat(headless.at("/spec/clusterIP").asText()).as("clusterIP of the headless Service").isEqualTo("None");
    assertThat(headless.at("/spec/publishNotReadyAddresses").asBoolean())
        .as("publishNotReadyAddresses of the headless Service").isTrue();
    assertThat(servicePort(headless, "http")).isEqualTo(containerPort("http"));
    assertThat(servicePort(headless, "grpc")).isEqualTo(containerPort("grpc"));
    assertThat(selects(headless.at("/spec/selector"))).isTrue();

    assertThat(statefulSet.at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(statefulSet.at("/spec/podManagementPolicy").asText()).isEqualTo("Parallel");
    assertThat(selects(statefulSet.at("/spec/selector/matchLabels"))).isTrue();
  }

  @Test
  void clientsGetAnOrdinaryServiceForHttpOnly() {
    List<Manifest> clientServices = MANIFESTS.stream()
        .filter(m -> m.kind().equals("Service") && !m.doc().at("/spec/clusterIP").asText().equals("None"))
        .toList();
    assertThat(clientServices).hasSize(1);
    JsonNode client = clientServices.get(0).doc();
    assertThat(client.at("/spec/type").asText("ClusterIP")).isEqualTo("ClusterIP");
    assertThat(list(client.at("/spec/ports"))).singleElement().satisfies(p -> {
      assertThat(p.path("name").asText()).isEqualTo("http");
      assertThat(p.path("targetPort").asText()).isIn("http", String.valueOf(containerPort("http")));
    });
    assertThat(selects(client.at("/spec/selector"))).isTrue();
  }

  @Test
  void eachPodIsTheNodeItsNameSaysReadingTheConfigFromTheConfigMap() {
    JsonNode podName = list(container.path("env")).stream()
        .filter(e -> e.path("name").asText().equals("POD_NAME")).findFirst().orElseThrow();
    assertThat(podName.at("/valueFrom/fieldRef/fieldPath").asText()).isEqualTo("metadata.name");
    assertThat(option("--node-id")).contains("$(POD_NAME)");

    String configPath = option("--config").orElseThrow();
    JsonNode mount = mountOf(configPath).orElseThrow();
    JsonNode volume = volume(mount.path("name").asText());
    assertThat(volume.at("/configMap/name").asText()).isEqualTo(configMap().name());
    assertThat(Path.of(configPath)).isEqualTo(Path.of(mount.path("mountPath").asText(), configFileName()));

    assertThat(option("--port").map(Integer::valueOf)).contains(containerPort("http"));
    assertThat(option("--grpc-port").map(Integer::valueOf)).contains(containerPort("grpc"));
  }

  @Test
  void probesAskTheHealthEndpointsOnTheHttpPort() {
    assertProbe("startupProbe", "/health/ready");
    assertProbe("readinessProbe", "/health/ready");
    assertProbe("livenessProbe", "/health/live");
  }

  @Test
  void theHeapIsAShareOfAMemoryLimit() {
    String javaOptions = list(container.path("env")).stream()
        .filter(e -> e.path("name").asText().equals("JAVA_TOOL_OPTIONS"))
        .map(e -> e.path("value").asText()).findFirst().orElse("");
    assertThat(javaOptions).contains("-XX:MaxRAMPercentage=");
    assertThat(container.at("/resources/limits/memory").asText()).isNotBlank();
    assertThat(container.at("/resources/requests/memory").asText()).isNotBlank();
  }

  @Test
  void theConfigNamesEveryPodByItsDnsNameUnderTheHeadlessService() {
    String sts = statefulSet.at("/metadata/name").asText();
    String headless = statefulSet.at("/spec/serviceName").asText();
    String namespace = kustomization.path("namespace").asText();
    assertThat(namespace).as("the kustomization's namespace, which the node addresses name").isNotBlank();
    int replicas = statefulSet.at("/spec/replicas").asInt();

    List<JsonNode> nodes = list(config.at("/cluster/nodes"));
    assertThat(nodes).hasSize(replicas);
    for (int i = 0; i < replicas; i++) {
      JsonNode node = nodes.get(i);
      String host = sts + "-" + i + "." + headless + "." + namespace + "." + CLUSTER_DOMAIN;
      assertThat(node.path("id").asText()).isEqualTo(sts + "-" + i);
      assertThat(node.path("grpc").asText()).isEqualTo(host + ":" + containerPort("grpc"));
      URI http = URI.create(node.path("http").asText());
      assertThat(http.getScheme()).isEqualTo("http");
      assertThat(http.getHost()).isEqualTo(host);
      assertThat(http.getPort()).isEqualTo(containerPort("http"));
    }
  }

  @Test
  void everyShardNamesADeclaredNodeAndSourceAndEveryContigHasAReplica() {
    Set<String> nodes = new HashSet<>(texts(config.at("/cluster/nodes"), "id"));
    Set<String> sources = new HashSet<>(texts(config.path("sources"), "id"));
    List<JsonNode> shards = list(config.at("/cluster/shards"));
    assertThat(shards).isNotEmpty();
    Map<String, Set<String>> holders = new HashMap<>(); // source:contig -> nodes
    for (JsonNode shard : shards) {
      assertThat(nodes).as("node of shard %s", shard).contains(shard.path("node").asText());
      assertThat(sources).as("source of shard %s", shard).contains(shard.path("source").asText());
      for (String contig : texts(shard.path("contigs"))) {
        holders.computeIfAbsent(shard.path("source").asText() + ":" + contig, k -> new HashSet<>())
            .add(shard.path("node").asText());
      }
    }
    // the disruption budget may take down this many pods while every contig still has a node
    int maxUnavailable = one("PodDisruptionBudget").doc().at("/spec/maxUnavailable").asInt();
    assertThat(maxUnavailable).isEqualTo(1);
    assertThat(selects(one("PodDisruptionBudget").doc().at("/spec/selector/matchLabels"))).isTrue();
    holders.forEach((contig, on) ->
        assertThat(on).as("nodes holding %s", contig).hasSizeGreaterThan(maxUnavailable));
  }

  @Test
  void theDataVolumeIsMountedReadOnlyWhereTheConfigLooksForTheFiles() {
    for (JsonNode source : list(config.path("sources"))) {
      String path = source.path("path").asText();
      assertThat(Path.of(path)).as("path of source %s", source.path("id").asText()).isAbsolute();
      JsonNode mount = mountOf(path).orElseThrow(() -> new AssertionError("no volume mounted over " + path));
      assertThat(mount.path("readOnly").asBoolean()).as("%s mounted read-only", path).isTrue();
      String claim = volume(mount.path("name").asText()).at("/persistentVolumeClaim/claimName").asText();
      assertThat(one("PersistentVolumeClaim", claim).doc().at("/spec/accessModes").toString())
          .as("access modes of %s", claim).containsAnyOf("ReadOnlyMany", "ReadWriteMany");
    }
  }

  @Test
  void genotypeIndexesAreOnTheReadOnlyDataVolumeAndTheIndexJobBuildsThemThere() {
    List<JsonNode> indexed = list(config.path("sources")).stream().filter(s -> s.has("genotypeIndex")).toList();
    assertThat(indexed).as("sources served from a genotype index").isNotEmpty();
    Manifest job = one("Job", "dasgrid-index");
    JsonNode jobSpec = job.doc().at("/spec/template/spec");
    JsonNode jobContainer = jobSpec.path("containers").get(0);
    assertThat(jobContainer.path("image").asText()).isEqualTo(container.path("image").asText());
    List<String> args = texts(jobContainer.path("args"));
    assertThat(args.get(0)).isEqualTo("index");
    for (JsonNode source : indexed) {
      String index = source.path("genotypeIndex").asText();
      assertThat(source.path("genotypes").asBoolean()).isTrue();
      JsonNode mount = mountOf(index).orElseThrow(() -> new AssertionError("no volume mounted over " + index));
      assertThat(mount.path("readOnly").asBoolean()).as("%s mounted read-only", index).isTrue();
      String claim = volume(mount.path("name").asText()).at("/persistentVolumeClaim/claimName").asText();
      // the job writes the same file through the same claim, and reads the source's VCF
      assertThat(args).containsSubsequence("--vcf", source.path("path").asText())
          .containsSubsequence("--out", index);
      JsonNode jobMount = list(jobContainer.path("volumeMounts")).stream()
          .filter(m -> Path.of(index).startsWith(Path.of(m.path("mountPath").asText()))).findFirst()
          .orElseThrow(() -> new AssertionError("the index job mounts nothing over " + index));
      assertThat(jobMount.path("readOnly").asBoolean()).as("the job writes %s", index).isFalse();
      String jobClaim = list(jobSpec.path("volumes")).stream()
          .filter(v -> v.path("name").asText().equals(jobMount.path("name").asText())).findFirst().orElseThrow()
          .at("/persistentVolumeClaim/claimName").asText();
      assertThat(jobClaim).isEqualTo(claim);
    }
  }

  @Test
  void theCertManagerCertificateNamesEveryNodeAndHasThePemFilesTheConfigReads() {
    Manifest cert = one("Certificate", "dasgrid-tls");
    JsonNode spec = cert.doc().path("spec");
    assertThat(spec.at("/privateKey/encoding").asText()).isEqualTo("PKCS8");
    assertThat(texts(spec.path("usages"))).contains("server auth", "client auth");
    List<String> dnsNames = texts(spec.path("dnsNames"));
    for (JsonNode node : list(config.at("/cluster/nodes"))) {
      String host = node.path("grpc").asText().replaceFirst(":\\d+$", "");
      assertThat(dnsNames).as("a name in the certificate for %s", host).anyMatch(n -> covers(n, host));
    }
    // the secret is mounted (commented out until TLS is wanted) where the config's tls files are
    assertThat(text(statefulSet())).contains("secretName: " + spec.path("secretName").asText());
    String configText = configMap().doc().at("/data").path(configFileName()).asText();
    assertThat(configText).contains("#   cert: /etc/dasgrid-tls/tls.crt", "#   key: /etc/dasgrid-tls/tls.key",
        "#   ca: /etc/dasgrid-tls/ca.crt");
    assertThat(text(statefulSet())).contains("#   mountPath: /etc/dasgrid-tls");
  }

  /** A certificate's DNS name (perhaps a wildcard for the first label) names host. */
  private static boolean covers(String name, String host) {
    if (name.startsWith("*.")) {
      int dot = host.indexOf('.');
      return dot > 0 && host.substring(dot + 1).equals(name.substring(2));
    }
    return name.equals(host);
  }

  private static void assertProbe(String probe, String path) {
    JsonNode get = container.path(probe).path("httpGet");
    assertThat(get.path("path").asText()).as("%s path", probe).isEqualTo(path);
    assertThat(get.path("port").asText()).as("%s port", probe).isIn("http", String.valueOf(containerPort("http")));
  }

  private static Manifest configMap() {
    return one("ConfigMap");
  }

  /** The ConfigMap's one key, the config file's name. */
  private static String configFileName() {
    List<String> keys = new ArrayList<>();
    configMap().doc().path("data").fieldNames().forEachRemaining(keys::add);
    assertThat(keys).hasSize(1);
    return keys.get(0);
  }

  /** The value of {@code --name=value} or {@code --name value} among the container's args. */
  private static Optional<String> option(String name) {
    List<String> args = texts(container.path("args"));
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).startsWith(name + "=")) {
        return Optional.of(args.get(i).substring(name.length() + 1));
      }
      if (args.get(i).equals(name) && i + 1 < args.size()) {
        return Optional.of(args.get(i + 1));
      }
    }
    return Optional.empty();
  }

  /** The container's volume mount whose mount path holds {@code file} (the deepest one). */
  private static Optional<JsonNode> mountOf(String file) {
    Path p = Path.of(file);
    return list(container.path("volumeMounts")).stream()
        .filter(m -> p.startsWith(Path.of(m.path("mountPath").asText())))
        .max((a, b) -> Integer.compare(a.path("mountPath").asText().length(), b.path("mountPath").asText().length()));
  }

  private static JsonNode volume(String name) {
    return list(statefulSet.at("/spec/template/spec/volumes")).stream()
        .filter(v -> v.path("name").asText().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no volume " + name + " in the StatefulSet"));
  }

  private static int containerPort(String name) {
    return list(container.path("ports")).stream().filter(p -> p.path("name").asText().equals(name))
        .mapToInt(p -> p.path("containerPort").asInt()).findFirst()
        .orElseThrow(() -> new AssertionError("no container port named " + name));
  }

  /** The port a Service exposes under {@code name}, checked to lead to the container port of that name. */
  private static int servicePort(JsonNode service, String name) {
    JsonNode port = list(service.at("/spec/ports")).stream().filter(p -> p.path("name").asText().equals(name))
        .findFirst().orElseThrow(() -> new AssertionError("no port " + name + " on " + service.at("/metadata/name")));
    assertThat(port.path("targetPort").asText()).isIn(name, String.valueOf(containerPort(name)));
    return port.path("port").asInt();
  }

  /** A selector matches the pod template's labels. */
  private static boolean selects(JsonNode selector) {
    JsonNode labels = statefulSet.at("/spec/template/metadata/labels");
    assertThat(selector.size()).as("selector %s", selector).isPositive();
    List<String> keys = new ArrayList<>();
    selector.fieldNames().forEachRemaining(keys::add);
    return keys.stream().allMatch(k -> labels.path(k).asText().equals(selector.path(k).asText()));
  }

  private static JsonNode service(String name) {
    return one("Service", name).doc();
  }

  private static Manifest one(String kind) {
    List<Manifest> all = MANIFESTS.stream().filter(m -> m.kind().equals(kind)).toList();
    assertThat(all).as("%s objects in docs/deploy", kind).hasSize(1);
    return all.get(0);
  }

  private static Manifest one(String kind, String name) {
    return MANIFESTS.stream().filter(m -> m.kind().equals(kind) && m.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " in docs/deploy"));
  }

  private static Path statefulSet() {
    return one("StatefulSet").file();
  }

  private static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static List<JsonNode> list(JsonNode array) {
    List<JsonNode> out = new ArrayList<>();
    array.forEach(out::add);
    return out;
  }

  private static List<String> texts(JsonNode array) {
    return list(array).stream().map(JsonNode::asText).toList();
  }

  private static List<String> texts(JsonNode array, String field) {
    return list(array).stream().map(n -> n.path(field).asText()).toList();
  }
}
