-- wrk reporter: p50, p99, p99.9 and max latency in ms, requests/s and requests, on one line for scripts to parse
done = function(summary, latency, requests)
  io.write(string.format("PCT p50=%.3f p99=%.3f p999=%.3f max=%.3f rps=%.1f requests=%d errors=%d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000,
    latency.max / 1000, summary.requests / (summary.duration / 1e6), summary.requests,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
