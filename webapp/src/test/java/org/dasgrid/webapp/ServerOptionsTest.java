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
}
