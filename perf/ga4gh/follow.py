"""Times htsget ticket-following (ticket, then every URL, concatenated) against `bcftools view -r` on the same
region; prints medians and the record counts of both (the slice's whole blocks may hold a few more)."""
import base64
import json
import statistics
import subprocess
import sys
import time
import urllib.request

url, rounds, vcf, region = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]


def follow():
    with urllib.request.urlopen(url) as r:
        ticket = json.load(r)["htsget"]
    out = bytearray()
    for u in ticket["urls"]:
        if u["url"].startswith("data:"):
            out += base64.b64decode(u["url"].split(",", 1)[1])
        else:
            req = urllib.request.Request(u["url"], headers=u.get("headers", {}))
            with urllib.request.urlopen(req) as r:
                out += r.read()
    return bytes(out), len(ticket["urls"])


def bcftools():
    return subprocess.run(["bcftools", "view", "-r", region, vcf], check=True, capture_output=True).stdout


data, urls = follow()  # the first request writes the bgzipped copy: not timed
with open("slice.vcf.gz", "wb") as f:
    f.write(data)
records = subprocess.run(["bcftools", "view", "-H", "slice.vcf.gz"], check=True, capture_output=True).stdout.count(b"\n")
expected = sum(1 for l in bcftools().splitlines() if not l.startswith(b"#"))
for _ in range(3):
    follow(), bcftools()
h, b = [], []
for _ in range(rounds):
    t = time.perf_counter(); follow(); h.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter(); bcftools(); b.append((time.perf_counter() - t) * 1000)
print(f"htsget ticket+blocks: median {statistics.median(h):.1f} ms (min {min(h):.1f}, max {max(h):.1f}); "
      f"{len(data):,} bytes in {urls} URLs, {records} records")
print(f"bcftools view -r:     median {statistics.median(b):.1f} ms (min {min(b):.1f}, max {max(b):.1f}); "
      f"{expected} records (text VCF to a pipe)")
