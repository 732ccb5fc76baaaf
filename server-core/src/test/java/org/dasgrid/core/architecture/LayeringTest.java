package org.dasgrid.core.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.core.domain.InstanceofCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SequenceSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rooms of server-core (docs/architecture.md), enforced on the compiled classes. A room is a top-level
 * package of {@code org.dasgrid.core} together with all its subpackages: values and errors at the bottom,
 * engines above them, protocols on top. A protocol may read an engine's answers; an engine may never know which
 * protocol reads it, so adding a protocol (GA4GH) never touches an engine. Rooms never form a cycle, since a
 * cycle makes every room in it one room; and an engine's {@code internal} packages (Jetty's convention) are its
 * own: no other room reaches into them. No rule has an exception.
 */
class LayeringTest {
  private static final String CORE = "org.dasgrid.core.";
  private static final String GENOTYPE = "org.dasgrid.core.genotype";

  /** The bottom rooms: values, errors, request arguments and the config, which every other room may use. */
  static final String[] VALUES = {"segment", "feature", "config", "error", "arguments"};

  /** Rooms that answer no protocol: their types and exceptions speak no protocol's words. */
  static final String[] ENGINES = {"index", "genotype", "gene", "source", "registry", "cluster", "cache", "access"};

  /** Rooms that own a protocol's bytes: DAS, the writers, the genotype and cohort JSON APIs, GA4GH. */
  static final String[] PROTOCOLS = {"das", "render", "api", "ga4gh"};

  /** Each top-level package of {@code org.dasgrid.core}, with its subpackages: one room. */
  static final SliceAssignment ROOMS = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String room = room(c);
      return room == null ? SliceIdentifier.ignore() : SliceIdentifier.of(room);
    }

    @Override
    public String getDescription() {
      return "rooms of org.dasgrid.core (a top-level package with its subpackages)";
    }
  };

  static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.dasgrid.core");
  }

  /** The room of a class: the first package name after {@code org.dasgrid.core}, or null outside it. */
  static String room(JavaClass c) {
    String p = c.getPackageName();
    if (!p.startsWith(CORE)) {
      return null;
    }
    String rest = p.substring(CORE.length());
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }

  /** The top-level class a (nested) class is declared in. */
  private static JavaClass topLevel(JavaClass c) {
    JavaClass t = c;
    while (t.getEnclosingClass().isPresent()) {
      t = t.getEnclosingClass().get();
    }
    return t;
  }

  private static String[] packagesOf(String... rooms) {
    return Arrays.stream(rooms).map(r -> CORE + r + "..").toArray(String[]::new);
  }

  @Test
  void roomsFormNoCycle() {
    slices().assignedFrom(ROOMS).should().beFreeOfCycles().check(core);
  }

  @Test
  void everyRoomIsAValueAnEngineOrAProtocol() {
    Set<String> known = Stream.of(VALUES, ENGINES, PROTOCOLS).flatMap(Arrays::stream).collect(Collectors.toSet());
    Set<String> rooms = core.stream().map(LayeringTest::room).filter(r -> r != null)
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(known).as("a new room is a value, an engine or a protocol: add it to this test's lists")
        .containsAll(rooms);
  }

  @Test
  void enginesImportNoProtocol() {
    noClasses().that().resideInAnyPackage(packagesOf(ENGINES))
        .should().dependOnClassesThat().resideInAnyPackage(packagesOf(PROTOCOLS))
        .because("engines answer every protocol alike; each protocol maps their answers and errors at its edge")
        .check(core);
  }

  @Test
  void valuesImportOnlyValues() {
    noClasses().that().resideInAnyPackage(packagesOf(VALUES))
        .should().dependOnClassesThat(resideInAPackage("org.dasgrid..").and(not(resideInAnyPackage(packagesOf(VALUES)))))
        .because("values and errors are the bottom layer: engines and protocols build on them, not the reverse")
        .check(core);
  }

  @Test
  void errorsImportNothingOfDasGrid() {
    noClasses().that().resideInAPackage("org.dasgrid.core.error..")
        .should().dependOnClassesThat(resideInAPackage("org.dasgrid..")
            .and(not(resideInAPackage("org.dasgrid.core.error.."))))
        .because("the request errors are the bottom layer every other package may throw")
        .check(core);
  }

  /**
   * An {@code internal} package belongs to the room it is in ({@code genotype.internal.store} to {@code
   * genotype}): classes of other rooms use the room's public packages only, as Jetty 12 keeps {@code
   * server/internal} to its server.
   */
  @Test
  void internalPackagesAreUsedOnlyByTheirOwnRoom() {
    classes().should(new ArchCondition<JavaClass>("use no other room's internal packages") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        for (Dependency d : c.getDirectDependenciesFromSelf()) {
          JavaClass target = d.getTargetClass();
          if ((target.getPackageName() + ".").contains(".internal.") && !room(c).equals(room(target))) {
            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
          }
        }
      }
    }).check(core);
  }

  /**
   * Inside the genotype engine its packages form layers too (column below sets, store and the file format;
   * build, engine and analytics above them), so that the loop the engine grew as one package cannot come back.
   * Only the public package is left out: its entry points make an engine from the inner packages, which in turn
   * read its values.
   */
  @Test
  void genotypeEnginePackagesFormNoCycle() {
    slices().assignedFrom(new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        String p = c.getPackageName();
        return p.startsWith(GENOTYPE + ".") ? SliceIdentifier.of(p.substring(GENOTYPE.length() + 1))
            : SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "packages of the genotype engine below its public one";
      }
    }).should().beFreeOfCycles().check(core);
  }

  /** The genotype engine's public package is its API: only its entry points know what lies inside. */
  @Test
  void onlyTheGenotypeEntryPointsReachInsideTheEngine() {
    Set<String> entryPoints = Set.of("GenotypeIndexBuilder", "GenotypeIndexFile", "Engines");
    noClasses().that().resideInAPackage(GENOTYPE)
        .and(DescribedPredicate.describe("are not its entry points",
            (JavaClass c) -> !entryPoints.contains(topLevel(c).getSimpleName())))
        .should().dependOnClassesThat().resideInAnyPackage(GENOTYPE + ".internal..", GENOTYPE + ".dgi..")
        .because("the API package holds the queries, answers and values; the engine's parts stay behind it")
        .check(core);
  }

  /**
   * A capability is asked for ({@link DataSource#capability}), never tested with {@code instanceof}: a decorator
   * (aliases, a cluster) passes its delegate's capabilities on, and an {@code instanceof} test would miss them.
   */
  @Test
  void capabilitiesAreAskedForNotTestedWithInstanceof() {
    Set<String> capabilities = Set.of(SequenceSource.class.getName(), GenotypeSource.class.getName());
    classes().should(new ArchCondition<JavaClass>("ask for a capability rather than test its type") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        for (InstanceofCheck check : c.getInstanceofChecks()) {
          if (capabilities.contains(check.getRawType().getName())) {
            events.add(SimpleConditionEvent.violated(check, "instanceof " + check.getRawType().getSimpleName() + " in "
                + check.getSourceCodeLocation()));
          }
        }
      }
    }).check(core);
  }

  /**
   * No package is a pile: the largest package of server-core's main code holds at most 4,000 lines in its own
   * files (its subpackages count on their own), so that a reader finds a behaviour from folder names.
   */
  @Test
  void noPackageHoldsMoreThan4000Lines() throws IOException {
    Path main = Path.of("src/main/java/org/dasgrid/core");
    assertThat(main).as("run from the server-core module").isDirectory();
    Map<Path, Long> lines;
    try (Stream<Path> files = Files.walk(main)) {
      lines = files.filter(f -> f.toString().endsWith(".java"))
          .collect(Collectors.groupingBy(Path::getParent, Collectors.summingLong(LayeringTest::lineCount)));
    }
    assertThat(lines).isNotEmpty();
    assertThat(lines).allSatisfy((dir, n) -> assertThat(n).as("lines in %s", dir).isLessThanOrEqualTo(4_000));
  }

  private static long lineCount(Path file) {
    try (Stream<String> l = Files.lines(file)) {
      return l.count();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
