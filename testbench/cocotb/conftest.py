"""pytest glue for the cocotb testbenches: generate RTL with ./rapgen, build it with a simulator, run a cocotb module.

Every test runs on each simulator (``simulators.SIMULATORS``: Icarus and Verilator, test ids ``[...-icarus]`` and
``[...-verilator]``); ``--sim NAME`` keeps one. Everything generated (YAML config, RTL, manifest, simulator build,
results.xml) goes under pytest tmp dirs.
Test parameters reach the cocotb coroutines through environment variables (``TB_*``); the random seed comes from
``RAPGEN_TB_SEED`` (default fixed, so runs are reproducible) and is printed on failure.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from simulators import SIMULATORS, get_runner, missing_tool

REPO_ROOT = Path(__file__).resolve().parents[2]
TB_DIR = Path(__file__).resolve().parent
RAPGEN = REPO_ROOT / "rapgen"
DEFAULT_SEED = 20261121


def pytest_addoption(parser):
    parser.addoption("--sim", action="append", choices=SIMULATORS, default=None,
                     help="run the testbenches on this simulator only (repeatable; default: all of them)")


def pytest_generate_tests(metafunc):
    # Session scope: pytest runs every test on one simulator, then every test on the next, so each build is made once.
    if "sim" in metafunc.fixturenames:
        sims = metafunc.config.getoption("sim") or list(SIMULATORS)
        metafunc.parametrize("sim", sims, scope="session")


def tb_seed() -> int:
    return int(os.environ.get("RAPGEN_TB_SEED", DEFAULT_SEED))


def _require(sim: str) -> None:
    # Not a skip: a testbench that silently does not run is worse than a red one.
    why = missing_tool(sim)
    if why:
        pytest.fail(why, pytrace=False)


def _yaml_config(design: str, params: dict[str, int | bool | str], clock_mhz: float = 100) -> str:
    lines = [f"design: {design}", "params:"]
    # text parameters (a sampler spec) are written as double-quoted YAML strings, flags as true/false
    lines += [f"  {k}: {json.dumps(v) if isinstance(v, (str, bool)) else int(v)}" for k, v in params.items()]
    lines.append(f"clock_mhz: {clock_mhz}")
    return "\n".join(lines) + "\n"


@dataclass
class BuiltDesign:
    """One generated + simulator-compiled design, ready to run cocotb test modules against."""

    sim: str
    name: str
    top: str
    sources: list[Path]
    manifest: dict
    build_dir: Path
    runner: object  # the cocotb_tools runner that built it (test() relies on build() state)

    def run(self, test_module: str, env: dict[str, object] | None = None, test_dir: Path | None = None) -> Path:
        from cocotb_tools.check_results import get_results

        runner = self.runner
        seed = tb_seed()
        extra_env = {k: str(v) for k, v in (env or {}).items()}
        extra_env["TB_SEED"] = str(seed)
        # The cocotb test modules sit next to this file; make sure the simulator's Python finds them.
        extra_env["PYTHONPATH"] = os.pathsep.join([str(TB_DIR), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        run_dir = test_dir or (self.build_dir.parent / f"run_{test_module}")
        run_dir.mkdir(parents=True, exist_ok=True)
        results = runner.test(
            test_module=test_module,
            hdl_toplevel=self.top,
            hdl_toplevel_lang="verilog",
            build_dir=self.build_dir,
            test_dir=run_dir,
            results_xml=str(run_dir / "results.xml"),
            extra_env=extra_env,
            seed=seed,
            timescale=("1ns", "1ps"),
            # vvp -n: a $stop (a failed DSL Assert) ends the run, so cocotb fails the test; without it vvp prints
            # "** VVP Stop(0) **" and carries on, and only the test's own checks could notice. A Verilator model ends
            # on $stop by itself.
            test_args=["-n"] if self.sim == "icarus" else [],
        )
        # Under pytest the runner already exits non-zero on failures; double-check so a silently empty run fails too.
        num_tests, num_failed = get_results(Path(results))
        where = f"{test_module} on {self.sim} (seed {seed})"
        assert num_tests > 0, f"no cocotb tests ran from {where}"
        assert num_failed == 0, f"{num_failed}/{num_tests} cocotb tests failed in {where}"
        return Path(results)


def generate_rtl(design: str, params: dict[str, int], workdir: Path) -> tuple[Path, dict]:
    """Write a YAML config, run ./rapgen generate into workdir/rtl, return (output dir, manifest)."""
    workdir.mkdir(parents=True, exist_ok=True)
    cfg = workdir / f"{design}.yaml"
    cfg.write_text(_yaml_config(design, params))
    out = workdir / "rtl"
    proc = subprocess.run(
        [str(RAPGEN), "generate", "--config", str(cfg), "--out", str(out)],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=600,
    )
    if proc.returncode != 0:
        pytest.fail(f"rapgen generate failed ({proc.returncode}) for {design} {params}:\n{proc.stdout}\n{proc.stderr}",
                    pytrace=False)
    manifests = sorted(out.glob("*/manifest.json"))
    assert len(manifests) == 1, f"expected exactly one manifest under {out}, found {manifests}"
    manifest = json.loads(manifests[0].read_text())
    return manifests[0].parent, manifest


def build_design(sim: str, design: str, params: dict[str, int], workdir: Path) -> BuiltDesign:
    _require(sim)
    gen_dir, manifest = generate_rtl(design, params, workdir)
    top = manifest["top"]
    sources = [gen_dir / f["path"] for f in manifest["files"]]
    for s in sources:
        assert s.is_file(), f"manifest lists {s.name} but it was not generated"
    build_dir = workdir / "sim_build"
    runner = get_runner(sim)
    runner.build(
        sources=sources,
        hdl_toplevel=top,
        build_dir=build_dir,
        always=True,
        timescale=("1ns", "1ps"),
    )
    return BuiltDesign(sim=sim, name=manifest["name"], top=top, sources=sources, manifest=manifest, build_dir=build_dir,
                       runner=runner)


@pytest.fixture(scope="session")
def rtl_build(sim, tmp_path_factory):
    """Factory fixture: ``rtl_build(design, **params)`` -> BuiltDesign, generated and built once per simulator."""
    cache: dict[tuple, BuiltDesign] = {}

    def _build(design: str, **params: int) -> BuiltDesign:
        key = (design, tuple(sorted(params.items())))
        if key not in cache:
            tag = "_".join([sim, design] + [f"{k}{v}" for k, v in params.items()])
            cache[key] = build_design(sim, design, params, tmp_path_factory.mktemp(tag))
        return cache[key]

    return _build
