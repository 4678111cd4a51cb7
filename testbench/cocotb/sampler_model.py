"""Stratified periodic sampler H[P_r]_n, written from the paper's definition (Sastry et al. ISCA 2001 §3.5),
independently of the Java golden model: per tuple <pc, w>, the counter selected by
index = xorfold(flip(randomize(pc)) ^ randomize(w), log2 n) is incremented; when it reaches r it is reset to zero
and the message (pc, w, r) is sent. The hash is ref_mem.SamplerHash (the paper's hash and the documented table).
"""

from __future__ import annotations

from ref_mem import SamplerHash


class StratifiedPeriodicSampler:
    def __init__(self, r: int, n: int, key_bits: int = 32, seed: int = 0x9E3779B9):
        assert n & (n - 1) == 0
        self.r = r
        self.index_bits = n.bit_length() - 1
        self.hash = SamplerHash(key_bits, seed)
        self.counters = [0] * n

    def index(self, pc: int, w: int) -> int:
        return self.hash.index(pc, w, self.index_bits)

    def push(self, pc: int, w: int) -> tuple[int, int, int] | None:
        s = self.index(pc, w)
        self.counters[s] += 1
        if self.counters[s] == self.r:
            self.counters[s] = 0
            return (pc, w, self.r)
        return None
