package org.dasgrid.core.arguments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.dasgrid.core.das.DasStatus;
import org.dasgrid.core.error.RequestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueryArgumentsTest {

  @Test
  void splitsOnSemicolonsAndAmpersandsAlike() {
    QueryArguments a = QueryArguments.parse("segment=2L:1,100;segment=2R:5,6&type=exon;maxbins=800");
    assertThat(a.all("segment")).containsExactly("2L:1,100", "2R:5,6");
    assertThat(a.all("type")).containsExactly("exon");
    assertThat(a.single("maxbins")).contains("800");
  }

  @Test
  void decodesPercentEncodingAndPlus() {
    QueryArguments a = QueryArguments.parse("segment=chr1%3A1%2C10&note=a+b&utf=%C3%A9");
    assertThat(a.all("segment")).containsExactly("chr1:1,10");
    assertThat(a.all("note")).containsExactly("a b");
    assertThat(a.all("utf")).containsExactly("é");
  }

  @Test
  void emptyPiecesAndBareNamesAreTolerated() {
    QueryArguments a = QueryArguments.parse(";;segment=I&&flag;");
    assertThat(a.all("segment")).containsExactly("I");
    assertThat(a.all("flag")).containsExactly("");
    assertThat(QueryArguments.parse(null).asMap()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"segment=%", "segment=%4", "segment=%zz", "segment=%C3%28", "segment=%FF%FE", "a=%E2%82"})
  void badEncodingIsBadArguments(String query) {
    assertThatThrownBy(() -> QueryArguments.parse(query))
        .isInstanceOf(RequestException.class)
        .satisfies(e -> assertThat(DasStatus.of(((RequestException) e).kind()))
            .isEqualTo(DasStatus.BAD_COMMAND_ARGUMENTS));
  }

  @Test
  void singleValuedArgumentsMayNotRepeat() {
    QueryArguments a = QueryArguments.parse("maxbins=1;maxbins=2");
    assertThatThrownBy(() -> a.single("maxbins")).hasMessageContaining("given 2 times");
  }

  @Test
  void formBodyArgumentsFollowQueryArguments() {
    QueryArguments a = QueryArguments.parse("segment=A").plus(QueryArguments.parse("segment=B&type=x"));
    assertThat(a.all("segment")).containsExactly("A", "B");
    assertThat(a.all("type")).containsExactly("x");
  }
}
