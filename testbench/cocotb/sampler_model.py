"""Stratified periodic sampler H[P_r]_n, written from the paper's definitions (Sastry et al. ISCA 2001 §3.5) and the
table recipe of docs/golden-sampler.md, independently of the Java golden model.

Per tuple <pc, w>: index = xorfold(flip(randomize(pc)) ^ randomize(w), log2 n); the index's counter is incremented;
when it reaches r it is reset to zero and the message (pc, w, r) is sent.
"""

from __future__ import annotations


def randomize_table(seed: int) -> list[int]:
    """The 256-entry permutation: Fisher-Yates from 255 down to 1, swap partner = xorshift32 state mod (i + 1)."""
    t = list(range(256))
    x = seed & 0xFFFFFFFF
    for i in range(255, 0, -1):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        j = x % (i + 1)
        t[i], t[j] = t[j], t[i]
    return t


class StratifiedPeriodicSampler:
    def __init__(self, r: int, n: int, key_bits: int = 32, seed: int = 0x9E3779B9):
        assert n & (n - 1) == 0 and key_bits % 8 == 0
        self.r, self.n, self.k = r, n, key_bits
        self.index_bits = n.bit_length() - 1
        self.table = randomize_table(seed)
        self.counters = [0] * n

    def _bytes(self, x: int) -> list[int]:
        return [(x >> (8 * i)) & 0xFF for i in range(self.k // 8)]  # byte 0 = bits 7..0

    def randomize(self, x: int) -> int:
        return sum(self.table[b] << (8 * i) for i, b in enumerate(self._bytes(x)))

    def flip(self, x: int) -> int:
        return sum(b << (8 * i) for i, b in enumerate(reversed(self._bytes(x))))

    def xorfold(self, x: int, b: int) -> int:
        if b == 0:
            return 0
        acc = 0
        for s in range(0, self.k, b):
            acc ^= (x >> s) & ((1 << b) - 1)
        return acc

    def index(self, pc: int, w: int) -> int:
        return self.xorfold(self.flip(self.randomize(pc)) ^ self.randomize(w), self.index_bits)

    def push(self, pc: int, w: int) -> tuple[int, int, int] | None:
        s = self.index(pc, w)
        self.counters[s] += 1
        if self.counters[s] == self.r:
            self.counters[s] = 0
            return (pc, w, self.r)
        return None
