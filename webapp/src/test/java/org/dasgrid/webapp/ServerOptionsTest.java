package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ServerOptionsTest {
  @Test
  void accessLogGoesToTheConsoleUnlessTurnedOffOrSentToAFile() {
    assertThat(ServerOptions.parse().accessLog()).isEqualTo(ServerOptions.CONSOLE);
    assertThat(ServerOptions.parse("--access-log", "off").accessLog()).isEqualTo(ServerOptions.OFF);
    assertThat(ServerOptions.parse("--access-log=/var/log/dasgrid/access.log", "--port", "9000"))
        .satisfies(o -> {
          assertThat(o.accessLog()).isEqualTo("/var/log/dasgrid/access.log");
          assertThat(o.port()).isEqualTo(9000);
        });
    assertThat(ServerOptions.parse("--access-log", "-").accessLog()).isEqualTo(ServerOptions.CONSOLE);
    assertThatThrownBy(() -> ServerOptions.parse("--access-log")).hasMessageContaining("--access-log needs a value");
    assertThat(ServerOptions.USAGE).contains("--access-log");
  }

  @Test
  void otherOptionsKeepTheAccessLogSetting() {
    ServerOptions o = ServerOptions.parse("--access-log", "off", "--bind", "127.0.0.1", "--config", "x.yaml");
    assertThat(o.accessLog()).isEqualTo(ServerOptions.OFF);
    assertThat(o.withPort(0).withBind("::1").accessLog()).isEqualTo(ServerOptions.OFF);
  }

  @Test
  void warmupFollowsTheConfigUnlessBoundedOrTurnedOff() {
    assertThat(ServerOptions.parse().warmupSeconds()).isEmpty();
    assertThat(ServerOptions.parse("--warmup-seconds", "5").warmupSeconds()).hasValue(5);
    assertThat(ServerOptions.parse("--warmup-seconds=7", "--port", "0").warmupSeconds()).hasValue(7);
    assertThat(ServerOptions.parse("--no-warmup", "--config", "x.yaml").warmupSeconds()).hasValue(0);
    assertThat(ServerOptions.parse("--no-warmup").withPort(0).withBind("::1").warmupSeconds()).hasValue(0);
    assertThatThrownBy(() -> ServerOptions.parse("--warmup-seconds", "soon")).hasMessageContaining("seconds");
    assertThatThrownBy(() -> ServerOptions.parse("--warmup-seconds", "-1")).hasMessageContaining(">= 0");
    assertThat(ServerOptions.USAGE).contains("--no-warmup").contains("--warmup-seconds");
  }
}
