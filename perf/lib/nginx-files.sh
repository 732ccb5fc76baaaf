# Sourced by the browser benchmarks: nginx serving one source's export folder at /files/SOURCE/, with the CORS a
# genome browser needs (Range allowed, Content-Range exposed, preflight answered), as the static baseline.
#
#   start_nginx_files WORK PORT SOURCE DIR   writes WORK/nginx.conf, starts nginx (pid in WORK/nginx.pid);
#                                            NGINX_GZIP_STATIC=on: a client that accepts gzip gets FILE.gz
#                                            (Content-Encoding: gzip) when it exists beside FILE (gzip_static)
#   stop_nginx_files WORK                    stops it by that PID
start_nginx_files() {
  local work=$1 port=$2 source=$3 dir=$4
  cat > "$work/nginx.conf" <<CONF
worker_processes auto;
$( [ "$(id -u)" = 0 ] && echo "user root;" ) # workers read the export folder (mktemp: 0700) as its owner
pid $work/nginx.pid;
error_log $work/nginx-error.log;
daemon on;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  # no tcp_nopush: with sendfile it holds a 64 KB answer's last packet for the delayed ACK (~40 ms), 236 req/s
  keepalive_requests 100000;
  types { application/octet-stream gz tbi; }
  client_body_temp_path $work; proxy_temp_path $work; fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;
  server {
    listen 127.0.0.1:$port;
    location /files/$source/ {
      alias $dir/;
      $( [ "${NGINX_GZIP_STATIC:-off}" = on ] && echo "gzip_static on; gzip_vary on;" )
      add_header Access-Control-Allow-Origin * always;
      add_header Access-Control-Allow-Headers "Range" always;
      add_header Access-Control-Expose-Headers "Content-Range, Content-Length, Accept-Ranges, ETag" always;
      if (\$request_method = OPTIONS) { return 204; }
    }
  }
}
CONF
  nginx -c "$work/nginx.conf" -p "$work"
  sleep 0.5
}

stop_nginx_files() {
  if [ -f "$1/nginx.pid" ]; then kill "$(cat "$1/nginx.pid")" 2>/dev/null || true; fi
}
