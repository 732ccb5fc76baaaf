-- wrk script: POST the form body in the file $WRK_BODY_FILE (long sample lists do not fit a URL) on a
-- keep-alive connection, then report p50/p99/p99.9 on one PCT line through percentiles.lua ($WRK_PERCENTILES,
-- default perf/wrk/percentiles.lua relative to the working directory); $WRK_HEADER adds headers.
local f = assert(io.open(assert(os.getenv("WRK_BODY_FILE"), "WRK_BODY_FILE not set"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
-- optional extra headers, "Name: value", several on lines of their own (e.g. "Cache-Control: no-cache" for
-- answers rendered, not kept; "Accept-Encoding: gzip")
local extra = os.getenv("WRK_HEADER")
for line in (extra or ""):gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  wrk.headers[name] = value
end
dofile(os.getenv("WRK_PERCENTILES") or "perf/wrk/percentiles.lua")
