# Sourced by the RAP engine benchmarks that run real traces: rap_traces DIR writes into DIR the two shared IP traces
# (ipsrc-181k.txt, ipdst-181k.txt, from ../shared/traces beside the clone) and ls-1m.txt, the first 1 M instruction
# addresses of valgrind lackey on `ls -la /usr/lib /usr/share/doc`. Needs ROOT.
rap_traces() {
  local dir="$1" traces="$ROOT/../shared/traces"
  for f in ipsrc-181k ipdst-181k; do xz -dc "$traces/$f.txt.xz" > "$dir/$f.txt"; done
  valgrind --tool=lackey --trace-mem=yes --log-file="$dir/ls.lackey" ls -la /usr/lib /usr/share/doc >/dev/null 2>&1
  # awk stops reading itself: 'grep | head' would end grep with SIGPIPE, which pipefail turns into a failure.
  awk '/^I/ { split($2, a, ","); print a[1]; if (++n == 1000000) exit }' "$dir/ls.lackey" > "$dir/ls-1m.txt"
}
