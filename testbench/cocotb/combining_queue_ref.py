"""Python reference for the RAP event queue, written from docs/golden-rap.md §4 ("Combining event queue").

Run-length combining with a W-bit weight, defined purely by the input sequence, never by timing:

* at most one pending combined event (key, w);
* for each input (key, weight), 1 <= weight <= 2^W-1: nothing pending -> pending := (key, weight); pending key == key
  and w + weight <= 2^W-1 -> w += weight; otherwise release the pending event, then pending := (key, weight);
* flush (tlast, the flush CSR, end of trace) releases the pending event; nothing else does;
* non-combining configuration: every input is released at once, unchanged.

The hardware may buffer more deeply (a FIFO behind the combiner), but the sequence it releases must equal this one.
"""

from __future__ import annotations


class CombiningQueueRef:
    def __init__(self, weight_bits: int, combine: bool):
        self.cap = (1 << weight_bits) - 1
        self.combine = combine
        self.pending: tuple[int, int] | None = None
        self.released: list[tuple[int, int]] = []

    def accept(self, key: int, weight: int) -> None:
        assert 1 <= weight <= self.cap, f"weight {weight} outside 1..{self.cap}"
        if not self.combine:
            self.released.append((key, weight))
            return
        if self.pending is not None and self.pending[0] == key and self.pending[1] + weight <= self.cap:
            self.pending = (key, self.pending[1] + weight)
            return
        self.flush()
        self.pending = (key, weight)

    def flush(self) -> None:
        if self.pending is not None:
            self.released.append(self.pending)
            self.pending = None
