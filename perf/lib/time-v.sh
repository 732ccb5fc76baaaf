# Sourced by the build benchmarks: the figures of one `/usr/bin/time -v -o FILE` run.
#
#   read_time_v FILE    sets wall (s), cpu (user + system s), pct (CPU %, as time prints it), rss (peak MB)
read_time_v() {
  local t=$1 user sys
  wall=$(awk -F': ' '/Elapsed/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$t")
  user=$(awk -F': ' '/User time/ {print $2}' "$t")
  sys=$(awk -F': ' '/System time/ {print $2}' "$t")
  cpu=$(echo "$user + $sys" | bc)
  pct=$(awk -F': ' '/Percent of CPU/ {print $2}' "$t")
  rss=$(awk -F': ' '/Maximum resident/ {printf "%d", $2 / 1024}' "$t")
}
