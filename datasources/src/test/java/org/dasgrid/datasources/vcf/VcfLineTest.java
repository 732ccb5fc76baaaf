package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A record's END (the last base it covers, which segment overlap and bracket queries read): INFO/END when given,
 * else POS + |SVLEN| for an allele that spans reference (VCF 4.4 section 5.3: deleted, duplicated, inverted or
 * copy-number-changed bases start after the padding base at POS), else the REF span.
 */
class VcfLineTest {
  @ParameterizedTest(name = "{0} {1} {2} {3}")
  @CsvSource(delimiter = '|', value = {
    // POS | REF | ALT | INFO | expected END
    "100 | A | <DEL> | SVTYPE=DEL;SVLEN=-500 | 600",
    "100 | A | <DEL> | SVLEN=500;SVTYPE=DEL | 600",
    "200 | A | <DEL> | SVTYPE=DEL;END=900;SVLEN=-700 | 900",
    "200 | A | <DEL> | END=250;SVLEN=-700 | 250",
    "300 | A | <INS> | SVTYPE=INS;SVLEN=400 | 300",
    "500 | A | <DUP> | SVLEN=50 | 550",
    "500 | A | <DUP:TANDEM> | SVLEN=50 | 550",
    "500 | A | <INV> | SVLEN=1000 | 1500",
    "500 | A | <CNV> | SVLEN=10 | 510",
    "500 | A | <DEL:ME:ALU> | SVLEN=-300 | 800",
    "500 | A | <INS>,<DEL> | SVLEN=5000,-30 | 530",
    "500 | A | <DEL>,<DEL> | SVLEN=-10,-30 | 530",
    "500 | A | <DEL>,<DEL> | SVLEN=-10 | 510",
    "500 | A | <DEL> | SVLEN=. | 500",
    "500 | A | <DEL> | SVLEN=1.5e3 | 500",
    "500 | ACGT | A | SVLEN=-100 | 503",
    "500 | ACGT | A | . | 503",
    "500 | A | <DEL> | XSVLEN=-100 | 500",
  })
  void endComesFromInfoEndThenSvlenThenRef(int pos, String ref, String alt, String info, int expected) {
    byte[] line = String.join("\t", "chr1", Integer.toString(pos), ".", ref, alt, ".", "PASS", info, "GT", "0/1")
        .getBytes(StandardCharsets.US_ASCII);
    VcfLine v = new VcfLine();
    v.parse(line, 0, line.length);
    assertThat(v.end).isEqualTo(expected);
  }
}
