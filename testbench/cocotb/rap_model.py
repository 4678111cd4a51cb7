"""The hardware-exact RAP (SPEC §4 with N slots and C-bit counters), written from SPEC §4 and docs/golden-rap.md
only, as an independent second model for the cocotb testbench of the whole engine (test_rap_engine.py).

A dict maps each node (prefix, len) to its count. The tree is always connected (a split adds children of an
existing node, a merge removes leaves), so the deepest node holding a key is found by walking down from the root.

Per event (golden-rap.md §2): n += weight, updates += 1; the deepest node v gets count(v) (+) weight (saturating at
2^C-1); with t = T(n) = (n * eps_fx) >> (16 + log2 L), v splits if len(v) < K and count(v) > t (an early merge
batch first when the free slots are fewer than v's missing children, then the whole split or a deferred one); then,
if n >= next_merge, one scheduled merge batch with the same t, and next_merge *= q until it passes n (never past
2^64 - 1). A batch goes deepest level first; a parent with leaf children whose exact sum S (its own count included)
is < t absorbs them, storing S clipped at 2^C-1.
"""

from __future__ import annotations

from collections import Counter

from combining_queue_ref import CombiningQueueRef

U64 = (1 << 64) - 1

# Status values in the order of the snapshot registers (docs/rap-registers.md), then the two sticky flags.
STATUS_FIELDS = ("n", "nodes", "high_water", "updates", "splits", "merges", "merge_batches", "deferred_splits",
                 "saturations", "error_bound", "zero_weight", "overflow", "saturated")


class RapModel:
    def __init__(self, key_bits: int, bits_per_level: int, slots: int, counter_bits: int, eps_fx: int, m0: int,
                 q: int):
        self.K, self.k, self.b = key_bits, bits_per_level, 1 << bits_per_level
        levels = key_bits // bits_per_level
        self.shift = 16 + levels.bit_length() - 1  # L is a power of two
        self.slots, self.cmax = slots, (1 << counter_bits) - 1
        self.eps_fx, self.q = eps_fx, q
        self.next_merge: int | None = m0
        self.nodes: dict[tuple[int, int], int] = {(0, 0): 0}
        self.n = 0
        self.high_water = 1  # the root
        self.updates = self.splits = self.merges = self.merge_batches = 0
        self.deferred_splits = self.saturations = self.zero_weight = 0
        self.overflow = self.saturated = False
        self.seen: Counter[str] = Counter()  # corners reached, for the testbench's coverage check

    # --- tree helpers
    def children(self, node: tuple[int, int]) -> list[tuple[int, int]]:
        prefix, length = node
        if length >= self.K:
            return []
        shift = self.K - length - self.k
        return [(prefix | d << shift, length + self.k) for d in range(self.b)]

    def has_children(self, node: tuple[int, int]) -> bool:
        return any(c in self.nodes for c in self.children(node))

    def deepest(self, key: int) -> tuple[int, int]:
        node = (0, 0)
        while node[1] < self.K:
            length = node[1] + self.k
            child = (key >> (self.K - length) << (self.K - length), length)
            if child not in self.nodes:
                break
            node = child
        return node

    def threshold(self) -> int:
        return (self.n * self.eps_fx) >> self.shift

    def store(self, node: tuple[int, int], exact: int, kind: str) -> None:
        """Every counter write: clipped at 2^C-1, one saturation per clipped write."""
        if exact > self.cmax:
            self.seen["clipped_" + kind] += 1
            self.saturations += 1
            self.saturated = True
        self.nodes[node] = min(exact, self.cmax)

    # --- the algorithm
    def event(self, key: int, weight: int) -> None:
        assert weight >= 1 and 0 <= key >> self.K == 0, (key, weight)
        self.n += weight
        assert self.n <= U64, "n beyond 64 bits is outside the contract"
        self.updates += 1
        v = self.deepest(key)
        self.store(v, self.nodes[v] + weight, "update")
        t = self.threshold()
        if v[1] < self.K and self.nodes[v] > t:
            self.split(v, t)
        if self.next_merge is not None and self.n >= self.next_merge:
            self.merge_batch(t, "scheduled")
            while self.next_merge is not None and self.next_merge <= self.n:
                self.next_merge *= self.q
                if self.next_merge > U64:
                    self.next_merge = None  # schedule exhausted

    def split(self, v: tuple[int, int], t: int) -> None:
        missing = [c for c in self.children(v) if c not in self.nodes]
        if self.slots - len(self.nodes) < len(missing):
            self.merge_batch(t, "early")  # the schedule does not move
            if self.slots - len(self.nodes) < len(missing):
                self.deferred_splits += 1
                self.seen["deferred"] += 1
                self.overflow = True
                return
            self.seen["split_after_early_merge"] += 1
        for c in missing:
            self.nodes[c] = 0
        self.splits += 1
        self.seen["split_partial" if len(missing) < self.b else "split_leaf"] += 1
        self.high_water = max(self.high_water, len(self.nodes))

    def merge_batch(self, t: int, kind: str) -> None:
        self.merge_batches += 1
        for length in range(self.K - self.k, -1, -self.k):
            for p in [nd for nd in self.nodes if nd[1] == length]:
                leaves = [c for c in self.children(p) if c in self.nodes and not self.has_children(c)]
                if not leaves:
                    continue
                exact = self.nodes[p] + sum(self.nodes[c] for c in leaves)
                if exact < t:
                    for c in leaves:
                        del self.nodes[c]
                    self.merges += len(leaves)
                    self.seen["merged_" + kind] += 1
                    self.seen["interior_merge"] += self.has_children(p)
                    self.store(p, exact, "merge")

    # --- what the engine lets a reader see
    def tree(self) -> set[tuple[int, int, int]]:
        return {(p, length, c) for (p, length), c in self.nodes.items()}

    def status(self) -> dict[str, int]:
        return dict(n=self.n, nodes=len(self.nodes), high_water=self.high_water, updates=self.updates,
                    splits=self.splits, merges=self.merges, merge_batches=self.merge_batches,
                    deferred_splits=self.deferred_splits, saturations=self.saturations,
                    error_bound=(self.n * self.eps_fx) >> 16, zero_weight=self.zero_weight,
                    overflow=int(self.overflow), saturated=int(self.saturated))


class RapEngineModel:
    """What the engine does with AXI4-Stream beats: weight-0 beats are dropped and counted, the rest go through the
    event queue (combining or not, combining_queue_ref), tlast flushes it, and each released event reaches the RAP.
    ``history[u]`` is the status after u events, for snapshots taken while the stream flows."""

    def __init__(self, rap: RapModel, weight_bits: int, combine: bool):
        self.rap = rap
        self.queue = CombiningQueueRef(weight_bits, combine)
        self.history = [rap.status()]

    def beat(self, key: int, weight: int, last: bool) -> None:
        if weight == 0:
            self.rap.zero_weight += 1
        else:
            self.queue.accept(key, weight)
        if last:
            self.flush()
        self._apply()

    def flush(self) -> None:
        """tlast or CTRL.flush: the pending combined event goes on."""
        self.queue.flush()
        self._apply()

    def _apply(self) -> None:
        for k, w in self.queue.released:
            self.rap.event(k, w)
            self.history.append(self.rap.status())
        self.queue.released.clear()
