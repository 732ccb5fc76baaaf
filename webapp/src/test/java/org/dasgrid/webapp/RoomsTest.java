package org.dasgrid.webapp;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.webapp.app.Mount;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The webapp's map (webapp/README.md), enforced on the compiled classes: its rooms (each package of {@code
 * org.dasgrid.webapp} with its subpackages) form no cycle; the root package holds the entry points and no room
 * imports it; the plumbing at the bottom ({@code http}, then {@code observe}, then {@code app}) imports nothing
 * above it; every other room mounts its filters and servlets through one {@link Mount}; and the README lists
 * every package.
 */
class RoomsTest {
  private static final String ROOT = "org.dasgrid.webapp";
  /** The rooms below the others, each importing of the webapp only those before it. */
  private static final List<String> FOUNDATIONS = List.of("http", "observe", "app");

  static JavaClasses webapp;

  @BeforeAll
  static void importWebapp() {
    webapp = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(ROOT);
  }

  @Test
  void roomsFormNoCycle() {
    slices().matching(ROOT + ".(*)..").namingSlices("$1").should().beFreeOfCycles().check(webapp);
  }

  /**
   * As in server-core (LayeringTest): a capability is asked for ({@link DataSource#capability}), never tested with
   * {@code instanceof}, so that a decorator (aliases, a cluster) passing its delegate's capabilities on is served
   * the same.
   */
  @Test
  void capabilitiesAreAskedForNotTestedWithInstanceof() {
    Set<String> capabilities = Set.of(SequenceSource.class.getName(), GenotypeSource.class.getName());
    classes().should(new ArchCondition<JavaClass>("ask for a capability rather than test its type") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        for (InstanceofCheck check : c.getInstanceofChecks()) {
          if (capabilities.contains(check.getRawType().getName())) {
            events.add(SimpleConditionEvent.violated(check, "instanceof " + check.getRawType().getSimpleName()
                + " in " + check.getSourceCodeLocation()));
          }
        }
      }
    }).check(webapp);
  }

  @Test
  void noRoomImportsTheEntryPoints() {
    noClasses().that().resideOutsideOfPackage(ROOT)
        .should().dependOnClassesThat().resideInAPackage(ROOT)
        .because("the root package (Main, EmbeddedServer, DasGridListener) is the top: it mounts the rooms")
        .check(webapp);
  }

  @Test
  void foundationsImportOnlyWhatIsBelowThem() {
    for (int i = 0; i < FOUNDATIONS.size(); i++) {
      String room = ROOT + "." + FOUNDATIONS.get(i) + "..";
      String[] allowed = FOUNDATIONS.subList(0, i + 1).stream().map(r -> ROOT + "." + r + "..")
          .toArray(String[]::new);
      noClasses().that().resideInAPackage(room)
          .should().dependOnClassesThat(resideInAPackage(ROOT + "..").and(not(resideInAnyPackage(allowed))))
          .because(FOUNDATIONS.get(i) + " is below the rooms that answer requests")
          .check(webapp);
    }
  }

  @Test
  void everyOtherRoomMountsThroughOneMount() {
    Map<String, Set<String>> mounts = new TreeMap<>();
    for (JavaClass c : webapp) {
      String room = room(c);
      if (room == null || FOUNDATIONS.contains(room)) {
        continue;
      }
      mounts.computeIfAbsent(room, r -> new TreeSet<>());
      if (c.isAssignableTo(Mount.class) && !c.isInterface() && c.getModifiers().contains(JavaModifier.PUBLIC)) {
        mounts.get(room).add(c.getSimpleName());
      }
    }
    assertThat(mounts).isNotEmpty();
    mounts.forEach((room, m) -> assertThat(m).as("the Mount of room %s", room).hasSize(1));
  }

  @Test
  void readmeListsEveryPackageWithItsPackageInfo() throws IOException {
    Path sources = TestServer.root().resolve("webapp/src/main/java/org/dasgrid/webapp");
    Set<String> packages;
    try (Stream<Path> dirs = Files.walk(sources)) {
      packages = dirs.filter(Files::isDirectory)
          .map(d -> (ROOT + "." + sources.relativize(d).toString().replace('/', '.')).replaceAll("\\.$", ""))
          .collect(Collectors.toCollection(TreeSet::new));
    }
    String readme = Files.readString(TestServer.root().resolve("webapp/README.md"));
    for (String p : packages) {
      Path dir = sources.resolve(p.substring(ROOT.length()).replaceFirst("^\\.", "").replace('.', '/'));
      assertThat(dir.resolve("package-info.java")).as("package-info of %s", p).isRegularFile();
      String shown = p.equals(ROOT) ? "`" + ROOT + "`" : "`...webapp" + p.substring(ROOT.length()) + "`";
      assertThat(readme).as("webapp/README.md lists %s", p).containsOnlyOnce("| " + shown + " |");
    }
  }

  /** The room of a class: its package's first segment under the root; null for the root itself. */
  private static String room(JavaClass c) {
    String p = c.getPackageName();
    if (!p.startsWith(ROOT + ".")) {
      return null;
    }
    String rest = p.substring(ROOT.length() + 1);
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }
}
