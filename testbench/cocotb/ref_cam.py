"""Python references for the Tcam and the PrefixSelector, written from SPEC §5 (stages 1 and 2),
docs/interfaces (the lead's block interfaces) and docs/blocks.md -- not from the Java/RTL.

* Tcam: entry i matches a key when it is valid and ``(key | mask) == (value | mask)`` (mask bit 1 = don't care).
  A search goes through one register stage; the match vector is taken from the table as it was when the search was
  accepted (a write on that same clock edge is not seen). A write to an index >= entries does nothing. Reset clears
  the valid bits and the output register.
* BramTcam (docs/blocks.md): the same with two search stages, and a write with valid = 1 accepted in cycle t sweeps
  the RAMs: the sweep starts in the first cycle s > t in which the first stage is empty or advancing, and write.ready
  and search.ready are low from t + 1 through s + sweep_clocks. The table changes at acceptance (entryValid).
* PrefixSelector: among the matching slots the greatest len wins, ties to the lowest slot; no match gives
  found=0, slot=0, len=0. The answer comes out ceil(log2(entries) / levels_per_stage) cycles after acceptance.
* Both are global-stall pipelines: every stage moves when ``advance = not out_valid or out_ready``, and
  ``in_ready = advance``. Bubbles are not squeezed out.
"""

from __future__ import annotations

from dataclasses import dataclass


class StallPipe:
    """A pipeline of `stages` registers that all advance together; None is a bubble."""

    def __init__(self, stages: int):
        assert stages >= 1
        self.stage: list[object | None] = [None] * stages

    def out(self):
        return self.stage[-1]

    def in_ready(self, out_ready: bool) -> bool:
        return self.out() is None or out_ready

    def clock(self, reset: bool, item, out_ready: bool) -> None:
        if reset:
            self.stage = [None] * len(self.stage)
        elif self.in_ready(out_ready):
            self.stage = [item] + self.stage[:-1]

    def empty(self) -> bool:
        return all(s is None for s in self.stage)


def tcam_matches(key: int, value: int, mask: int) -> bool:
    return (key | mask) == (value | mask)


@dataclass(frozen=True)
class TcamResult:
    key: int
    payload: int
    match: int  # bit i = entry i


class TcamModel:
    def __init__(self, entries: int, latency: int = 1, sweep_clocks: int = 0):
        """sweep_clocks = 0: writes take one clock (the register Tcam)."""
        self.entries = entries
        self.value = [0] * entries
        self.mask = [0] * entries
        self.valid = [False] * entries
        self.pipe = StallPipe(latency)
        self.sweep_clocks = sweep_clocks
        self.sweep_waiting = False  # a valid write was accepted, its sweep has not started
        self.sweep_left = 0  # busy cycles left after this one

    def busy(self) -> bool:
        return self.sweep_waiting or self.sweep_left > 0

    def write_ready(self) -> bool:
        return not self.busy()

    def search_ready(self, result_ready: bool) -> bool:
        return self.pipe.in_ready(result_ready) and not self.busy()

    def sweep_held(self, result_ready: bool) -> bool:
        """An accepted write's sweep cannot start this cycle: the first stage holds a search that does not move."""
        return self.sweep_waiting and self.pipe.stage[0] is not None and not self.pipe.in_ready(result_ready)

    def match(self, key: int) -> int:
        return sum(1 << i for i in range(self.entries) if self.valid[i] and tcam_matches(key, self.value[i], self.mask[i]))

    def entry_valid(self) -> int:
        return sum(1 << i for i in range(self.entries) if self.valid[i])

    def clock(self, reset: bool, write: tuple[int, int, int, bool] | None, search: tuple[int, int] | None,
              result_ready: bool) -> None:
        """write = (index, value, mask, valid) or None; search = (key, payload) or None; each is taken if ready."""
        write = write if self.write_ready() else None
        take = search is not None and self.search_ready(result_ready)
        if self.sweep_waiting and (self.pipe.stage[0] is None or self.pipe.in_ready(result_ready)):
            self.sweep_waiting, self.sweep_left = False, self.sweep_clocks
        elif self.sweep_left > 0:
            self.sweep_left -= 1
        item = TcamResult(search[0], search[1], self.match(search[0])) if take else None
        self.pipe.clock(reset, item, result_ready)  # matched before the write below takes effect
        if reset:
            self.valid = [False] * self.entries
            self.sweep_waiting, self.sweep_left = False, 0
            return
        if write is not None and write[3] and self.sweep_clocks:
            self.sweep_waiting = True  # a valid write sweeps even past the last entry
        if write is not None and write[0] < self.entries:
            i, v, m, ok = write
            self.value[i], self.mask[i], self.valid[i] = v, m, ok


@dataclass(frozen=True)
class Selection:
    found: bool
    slot: int
    len: int
    payload: int


def select_longest(match: int, lens: list[int], payload: int) -> Selection:
    best = None
    for i, n in enumerate(lens):
        if match >> i & 1 and (best is None or n > lens[best]):
            best = i
    return Selection(False, 0, 0, payload) if best is None else Selection(True, best, lens[best], payload)


def selector_latency(entries: int, levels_per_stage: int) -> int:
    levels = (entries - 1).bit_length()  # ceil(log2(entries)) for entries >= 2
    return -(-levels // levels_per_stage)
