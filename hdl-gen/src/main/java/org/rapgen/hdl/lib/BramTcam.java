package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.P;
import static org.rapgen.hdl.lib.NameKey.TC;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * Ternary CAM with the table in block RAM, transposed (the RAM-based TCAM of Xilinx XAPP1151 / Z-TCAM): the same
 * {@link Tcam.IO} and match rule as {@link Tcam} (entry i matches when valid and {@code (key | mask) == (value | mask)},
 * mask bit 1 = don't care), with a {@code write} that takes many clocks.
 *
 * <p>The key is cut into {@code ceil(keyBits / chunkBits)} chunks of balanced widths, from the least significant bit:
 * with {@code keyBits = C q + r} the low {@code r} chunks have {@code q + 1} bits and the others {@code q}, so no chunk
 * is wider than {@code chunkBits} and the widest is as narrow as that chunk count allows ({@link #chunkWidths}).
 * Chunk j is a {@code SyncReadMem(2^width_j, UInt(entries))}: bit i of word a is 1 iff entry i matches chunk value a.
 * A search reads word {@code key_j} of every chunk and ANDs the words with the valid bits.
 *
 * <p>Search pipeline ({@link #latency()} = 2, a global stall like {@code Tcam}'s): stage A is the RAMs' own read
 * registers plus the key, payload and a snapshot of the valid bits taken at acceptance; stage B is the result
 * register, loaded with the AND. {@code search.ready = (!result.valid || result.ready) && !busy}, so one search per
 * clock whenever no write is in progress. The RAMs read whenever stage A moves on, a search or not (a word read without
 * one is never used: stage A's valid bit says so), so their read enables do not wait for the search handshake; they
 * hold while a stalled result holds stage A, so its word is never re-read. A search sees the table as it was at
 * acceptance: a write accepted on the same edge is not seen.
 *
 * <p>A write with {@code valid = 1} to entry i, accepted in cycle t, sets valid bit i and sweeps every address of every
 * chunk in parallel: read word a, set bit i to "chunk value a matches the written (value, mask)", write it back while
 * reading a + 1 (narrower chunks wrap around and rewrite the same bits). The sweep starts in the first cycle s > t in
 * which stage A is empty or moving on (s = t + 1 unless a search accepted in cycle t waits behind a stalled result,
 * whose word the sweep must not overwrite in the RAMs' read registers). {@code write.ready} and {@code search.ready} are
 * low from t + 1 through s + 2^W ({@link #sweepClocks} = 2^W, W the widest chunk); both are high again in cycle
 * s + 2^W + 1, and a search accepted then sees the write. A write with {@code valid = 0} only clears valid bit i and
 * costs one clock, like {@code Tcam}'s. A valid write to an index past the last entry sweeps and changes nothing.
 *
 * <p>Reset clears the valid bits and the control state; the RAMs are reset-free (an entry is only read once written).
 */
public final class BramTcam extends Module {
    public final Tcam.IO io;

    /** Clocks from a search's acceptance to its result on {@code result} (with the consumer ready). */
    public static int latency() {
        return 2;
    }

    /** The key bits of each chunk, least significant chunk first. */
    public static int[] chunkWidths(int keyBits, int chunkBits) {
        int chunks = (keyBits + chunkBits - 1) / chunkBits;
        int[] w = new int[chunks];
        for (int j = 0; j < chunks; j++) w[j] = keyBits / chunks + (j < keyBits % chunks ? 1 : 0);
        return w;
    }

    /** Cycles a valid write's sweep keeps the read port: 2^(widest chunk); the block is busy one more clock. */
    public static int sweepClocks(int keyBits, int chunkBits) {
        return 1 << Arrays.stream(chunkWidths(keyBits, chunkBits)).max().orElseThrow();
    }

    public BramTcam(int entries, int keyBits, int payloadBits, int chunkBits) {
        super(N, entries, K, keyBits, P, payloadBits, TC, chunkBits);
        ParamCheck.range(BramTcam.class, "entries", entries, 2, 4096);
        ParamCheck.range(BramTcam.class, "keyBits", keyBits, 1, 128);
        ParamCheck.range(BramTcam.class, "payloadBits", payloadBits, 1, 4096);
        ParamCheck.range(BramTcam.class, "chunkBits", chunkBits, 1, 10);
        io = IO(new Tcam.IO(entries, keyBits, payloadBits));
        int[] widths = chunkWidths(keyBits, chunkBits);
        int sweepBits = Arrays.stream(widths).max().orElseThrow();

        Vec<Bool> valid = RegInitAll(Vec(entries, Bool()), 0).named("valid");

        // The sweep: sweep_read reads address sweep_addr on each step; back_valid writes the word read last cycle back.
        Bool sweepRead = RegInit(B(false)).named("sweep_read");
        UInt sweepAddr = Reg(UInt(sweepBits)).named("sweep_addr");
        Bool backValid = RegInit(B(false)).named("back_valid");
        UInt backAddr = Reg(UInt(sweepBits)).named("back_addr");
        UInt wValue = Reg(UInt(keyBits)).named("w_value");
        UInt wMask = Reg(UInt(keyBits)).named("w_mask");
        UInt wSelect = Reg(UInt(entries)).named("w_select"); // one-hot of the entry being written; 0 past the last
        Bool busy = sweepRead.or(backValid).named("busy");

        // Stage A: the RAMs' read registers, with the key, payload and valid bits as they were at acceptance.
        Bool aValid = RegInit(B(false)).named("a_valid");
        UInt aKey = Reg(UInt(keyBits)).named("a_key");
        UInt aPayload = Reg(UInt(payloadBits)).named("a_payload");
        UInt aEntryValid = Reg(UInt(entries)).named("a_entry_valid");
        // Stage B: the result register.
        Bool bValid = RegInit(B(false)).named("b_valid");
        Tcam.Result out = Reg(new Tcam.Result(entries, keyBits, payloadBits)).named("out");

        Bool advance = bValid.not().or(io.result.ready).named("advance");
        io.search.ready.connect(advance.and(busy.not()));
        io.write.ready.connect(busy.not());
        Bool accept = io.search.fire().named("accept");
        // A sweep read overwrites the RAMs' read registers, so it waits while they hold a search that cannot move on.
        Bool step = sweepRead.and(aValid.not().or(advance)).named("step");
        UInt entryValid = CatLsbFirst(valid.elements()).named("entry_valid");

        Tcam.Write w = io.write.bits;
        when(io.write.fire(), () -> {
            for (int i = 0; i < entries; i++) {
                int e = i;
                when(w.index.eq(U(i, w.index.getWidth())), () -> valid.get(e).connect(w.valid));
            }
            when(w.valid, () -> {
                sweepRead.connect(B(true));
                sweepAddr.connect(U(0, sweepBits));
                wValue.connect(w.value);
                wMask.connect(w.mask);
                wSelect.connect(U(1, entries).shl(w.index).bits(entries - 1, 0));
            });
        });
        backValid.connect(step);
        when(step, () -> {
            backAddr.connect(sweepAddr);
            sweepAddr.connect(sweepAddr.add(1));
            when(sweepAddr.andR(), () -> sweepRead.connect(B(false)));
        });

        List<UInt> words = new ArrayList<>();
        int lo = 0;
        for (int j = 0; j < widths.length; j++) {
            int wj = widths[j];
            int hi = lo + wj - 1;
            // The sweep never reads the address it writes back, and searches wait for the sweep: no read-under-write
            // ever happens, so Yosys need not add logic to emulate read-first (it would, per RAM, without the
            // attribute).
            String chunk = "chunk" + j;
            SyncReadMem<UInt> ram =
                    SyncReadMem(1 << wj, UInt(entries)).named(chunk).attribute("no_rw_check");
            UInt readAddr = Mux(sweepRead, sweepAddr.bits(wj - 1, 0), io.search.bits.key.bits(hi, lo))
                    .named("read_addr" + j);
            // Not accept.or(step): the handshake behind accept was the read enables' slow path on the iCE40, twelve
            // RAMs away. A consumer that is always ready (the RAP engine's selector) makes this a constant.
            Bool readEnable = advance.or(step).named("read_enable" + j);
            UInt word = ram.read(readAddr, readEnable).named("word" + j);
            UInt back = backAddr.bits(wj - 1, 0);
            // Whether the written entry matches the word written back, taken from the sweep address as it is read and
            // registered beside back_addr: the write data is then one LUT from flip-flops, not a compare first (the
            // compares fanned out to every data bit of every chunk RAM were among the iCE40's slow endpoints).
            UInt chunkValue = wValue.bits(hi, lo);
            UInt chunkMask = wMask.bits(hi, lo);
            Bool hit = Reg(Bool()).named("back_hit" + j);
            when(step, () -> hit.connect(matchesWrite(sweepAddr.bits(wj - 1, 0), chunkValue, chunkMask)));
            when(backValid, () -> {
                Assert(
                        hit.eq(matchesWrite(back, chunkValue, chunkMask)),
                        chunk + ": back_hit does not describe back_addr");
                Assert(accept.or(step).not().or(readAddr.ne(back)), "chunk RAM read and written at the same address");
                ram.write(back, word.and(wSelect.not()).or(Mux(hit, wSelect, U(0, entries))));
            });
            words.add(word);
            lo += wj;
        }
        UInt match = aEntryValid;
        for (UInt word : words) match = match.and(word);

        when(advance, () -> {
            aValid.connect(accept);
            bValid.connect(aValid);
        });
        // Loaded as the RAMs read, so these enables wait for no handshake either; a_valid tells a search from none.
        when(advance, () -> {
            aKey.connect(io.search.bits.key);
            aPayload.connect(io.search.bits.payload);
            aEntryValid.connect(entryValid);
        });
        UInt matchNow = match.named("match_now");
        when(advance.and(aValid), () -> {
            out.key.connect(aKey);
            out.payload.connect(aPayload);
            out.match.connect(matchNow);
        });
        io.result.valid.connect(bValid);
        io.result.bits.connect(out);
        io.entryValid.connect(entryValid);
    }

    /** Chunk value {@code a} matches the written (value, mask) chunk. */
    private static Bool matchesWrite(UInt a, UInt value, UInt mask) {
        return a.or(mask).eq(value.or(mask));
    }
}
