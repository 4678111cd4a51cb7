"""BramTcam: the Tcam testbench (test_tcam.tcam_traffic, against ref_cam.TcamModel) with the block-RAM timing of
docs/blocks.md -- two search stages, and valid writes that sweep the RAMs for 2^W clocks (W the widest chunk) while
write.ready and search.ready are low.

* random, 5 entries x 7 key bits, chunks 3 + 2 + 2: writes past the last entry, invalidations, a reset in mid-run.
* random, 32 x 32 with chunks of 4: RAP-like nested prefixes and arbitrary ternary entries rewritten under traffic.

Besides the cycle-by-cycle checks, coverage requires writes taken while searches are in flight and while the result is
stalled, a sweep that had to wait for a stalled search, and searches accepted back to back.
"""

from __future__ import annotations

import pytest

# (entries, key_bits, payload_bits, chunk_bits, cycles)
CASES = [(5, 7, 8, 3, 3000), (32, 32, 12, 4, 3000)]


def widest_chunk(key_bits: int, chunk_bits: int) -> int:
    """docs/blocks.md: ceil(key_bits / chunk_bits) chunks of balanced widths, so the widest is ceil(key_bits / chunks)."""
    chunks = -(-key_bits // chunk_bits)
    return -(-key_bits // chunks)


@pytest.mark.parametrize("entries,key_bits,payload_bits,chunk_bits,cycles", CASES,
                         ids=[f"n{n}_k{k}_c{c}" for n, k, _, c, _ in CASES])
def test_bram_tcam(rtl_build, entries, key_bits, payload_bits, chunk_bits, cycles):
    built = rtl_build("bram_tcam", entries=entries, key_bits=key_bits, payload_bits=payload_bits, chunk_bits=chunk_bits)
    assert built.top == f"BramTcam_n{entries}_k{key_bits}_p{payload_bits}_tc{chunk_bits}"
    built.run("test_tcam", env=dict(TB_MODE="random", TB_ENTRIES=entries, TB_KEY_BITS=key_bits, TB_PAYLOAD_BITS=payload_bits,
                                   TB_CYCLES=cycles, TB_LATENCY=2, TB_SWEEP_CLOCKS=1 << widest_chunk(key_bits, chunk_bits)))
