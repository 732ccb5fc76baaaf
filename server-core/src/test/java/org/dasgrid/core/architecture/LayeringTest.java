package org.dasgrid.core.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of server-core (docs/architecture.md), enforced on the compiled classes: values and errors at
 * the bottom, engines above them, protocols on top. A protocol may read an engine's answers; an engine may
 * never know which protocol reads it, so adding a protocol (GA4GH) never touches an engine. Any package
 * cycle fails the build, since a cycle makes every package in it one layer.
 */
class LayeringTest {
  /** Packages that answer no protocol: their types and exceptions speak no protocol's words. */
  static final String[] ENGINES = {
    "org.dasgrid.core.index..",
    "org.dasgrid.core.genotype..",
    "org.dasgrid.core.gene..",
    "org.dasgrid.core.source..",
    "org.dasgrid.core.registry..",
    "org.dasgrid.core.cluster..",
    "org.dasgrid.core.cache..",
    "org.dasgrid.core.segment..",
    "org.dasgrid.core.feature..",
    "org.dasgrid.core.config..",
    "org.dasgrid.core.error..",
    "org.dasgrid.core.access..",
  };

  /** The bottom layer: values, errors and the config, which every other package may use. */
  static final String[] VALUES = {
    "org.dasgrid.core.segment..",
    "org.dasgrid.core.feature..",
    "org.dasgrid.core.config..",
    "org.dasgrid.core.error..",
  };

  /** Packages that own a protocol's bytes: DAS, the writers, the genotype JSON API, later GA4GH. */
  static final String[] PROTOCOLS = {
    "org.dasgrid.core.das..",
    "org.dasgrid.core.render..",
    "org.dasgrid.core.genotype.api..",
    "org.dasgrid.core.ga4gh..",
  };

  /**
   * One slice per package, but {@code das.command} belongs to {@code das}: its dispatcher ({@code
   * DasService}) lists the commands, which implement its {@code DasCommand}, one protocol in two packages.
   * {@code genotype.api} is a slice of its own, since it is a protocol over the {@code genotype} engine.
   */
  static final SliceAssignment PACKAGES = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String p = c.getPackageName();
      if (!p.startsWith("org.dasgrid.core.")) {
        return SliceIdentifier.ignore();
      }
      String name = p.substring("org.dasgrid.core.".length());
      return SliceIdentifier.of(name.startsWith("das.") ? "das" : name);
    }

    @Override
    public String getDescription() {
      return "packages of org.dasgrid.core (das.command with das)";
    }
  };

  static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.dasgrid.core");
  }

  @Test
  void packagesFormNoCycle() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(core);
  }

  @Test
  void enginesImportNoProtocol() {
    noClasses().that().resideInAnyPackage(ENGINES)
        .and().resideOutsideOfPackage("org.dasgrid.core.genotype.api..")
        .should().dependOnClassesThat().resideInAnyPackage(PROTOCOLS)
        .because("engines answer every protocol alike; each protocol maps their answers and errors at its edge")
        .check(core);
  }

  @Test
  void valuesImportOnlyValues() {
    noClasses().that().resideInAnyPackage(VALUES)
        .should().dependOnClassesThat(resideInAPackage("org.dasgrid..").and(not(resideInAnyPackage(VALUES))))
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
}
