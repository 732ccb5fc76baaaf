#!/usr/bin/env bash
# Prints the server config of a biobank cohort (perf BiobankCohortGenerator, scripts/make-biobank-cohorts.sh:
# chr13/chr17/chr22/chrX.vcf.gz, genes.gff3, samples.tsv) served as one source `bb` from INDEX, for the scripts that start a server on it
# (run-biobank-benchmark.sh, scripts/score-ab.sh, scripts/set-bound.sh).
#
#   perf/scripts/biobank-config.sh COHORT_DIR INDEX [CHECK] > dasgrid.yaml    # CHECK: open or first-use (default)
set -euo pipefail
D=${1:?usage: biobank-config.sh COHORT_DIR INDEX [CHECK]}; INDEX=${2:?usage: biobank-config.sh COHORT_DIR INDEX [CHECK]}
cat <<YAML
server: {rateLimit: {enabled: false}}
sources:
  - id: bb
    format: vcf
    path: [$D/chr13.vcf.gz, $D/chr17.vcf.gz, $D/chr22.vcf.gz, $D/chrX.vcf.gz]
    genotypes: true
    genotypeIndex: $INDEX
    genes: $D/genes.gff3
    samples: $D/samples.tsv
    coordinates: {authority: GRCh, version: "38", taxid: 9606}
    options: {genotypeIndexCheck: ${3:-first-use}}
YAML
