-- wrk reporter: p50, p99, p99.9 and max latency in ms, requests/s and requests, on one line for scripts to parse
--
-- With SERVER_TIMING_OUT set (a file path), each response's Server-Timing "elapsed;dur=" (the server's own
-- time, arrival to end of answer: DasGrid's genotype answers carry it) is also collected, and a second line
-- gives its p50, p99 and p99.9: what the client saw beyond it is time outside the request (queueing for a
-- CPU, the connector's hand-offs, the network stack). Costs the client a Lua call per response.
local out = os.getenv("SERVER_TIMING_OUT")
if out then
  local f, n
  init = function(args)
    f = io.open(out, "w")
    n = 0
  end
  response = function(status, headers, body)
    local st = headers["Server-Timing"] or headers["server-timing"]
    local d = st and st:match("elapsed;dur=([%d%.]+)")
    if d then
      f:write(d, "\n")
      n = n + 1
      if n % 256 == 0 then f:flush() end
    end
  end
end

done = function(summary, latency, requests)
  io.write(string.format("PCT p50=%.3f p99=%.3f p999=%.3f max=%.3f rps=%.1f requests=%d errors=%d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000,
    latency.max / 1000, summary.requests / (summary.duration / 1e6), summary.requests,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
  if out then
    local v = {}
    local f = io.open(out, "r")
    if f then
      for line in f:lines() do v[#v + 1] = tonumber(line) end
      f:close()
    end
    table.sort(v)
    local function pct(p) return #v > 0 and v[math.max(1, math.ceil(#v * p / 100))] or 0 end
    io.write(string.format("ST st50=%.3f st99=%.3f st999=%.3f stn=%d\n", pct(50), pct(99), pct(99.9), #v))
  end
end
