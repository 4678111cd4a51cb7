package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.HandshakeProperties.*;

import java.util.function.BiFunction;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The {@link RmwMemory}'s contract as formal properties: its results are those of a sequential memory, which runs
 * each command entirely when it is accepted. The model keeps the word at an address the checker picks (zero after
 * reset and after {@code clear}, as the sweep leaves the RAM) and a queue of the results it expects, in acceptance
 * order: every result presented must be the queue's head and, on the picked address, carry the old and updated word
 * the model computed, whatever the forwarding in between did. The queue also bounds what the block holds, and the
 * oldest command is presented within the latency.
 */
final class RmwMemoryProperties {
    private RmwMemoryProperties() {}

    /** What one command does to its word run alone: the update of a composable one, from its single-command operator. */
    static BiFunction<UInt, UInt, UInt> sequential(ComposableUpdate u) {
        return (old, cmd) -> u.apply(
                        Mux(u.ignoresOld(cmd), U(0, old.getWidth()), old),
                        Mux(u.keepsWord(cmd), u.identity(), u.op(cmd)),
                        u.decode(cmd))
                .value();
    }

    static void check(RmwMemory.IO io, int depth, int dataBits, int latency, BiFunction<UInt, UInt, UInt> update) {
        Formal.properties(() -> {
            RmwMemory.Command in = io.in.bits;
            RmwMemory.Result out = io.out.bits;
            // The model's word at an address the checker picks (so for every address), as a sequential memory has it.
            UInt addr = anyconst(UInt(in.addr.getWidth())).named("f_addr");
            Formal.Assume("addr_exists", addr.lt(depth));
            UInt word = RegInit(U(0, dataBits)).named("f_word");
            Bool tracked = in.addr.eq(addr).named("f_command_tracked");
            UInt updated =
                    WireDefault(UInt(dataBits), update.apply(word, in.cmd)).named("f_updated");
            when(io.in.fire().and(tracked), () -> word.connect(updated));
            // A clear discards the write-backs of the commands accepted up to and including its cycle.
            when(io.clear, () -> word.connect(U(0, dataBits)));

            // The results expected, in acceptance order: every command's address and operand, and the tracked word's
            // old and updated values for the commands on it.
            int countBits = log2Up(latency + 1);
            UInt held = RegInit(U(0, countBits)).named("f_held");
            Vec<UInt> queueAddr = Reg(Vec(latency, UInt(in.addr.getWidth()))).named("f_queue_addr");
            Vec<UInt> queueCmd = Reg(Vec(latency, UInt(in.cmd.getWidth()))).named("f_queue_cmd");
            Vec<Bool> queueTracked = Reg(Vec(latency, Bool())).named("f_queue_tracked");
            Vec<UInt> queueOld = Reg(Vec(latency, UInt(dataBits))).named("f_queue_old");
            Vec<UInt> queueUpdated = Reg(Vec(latency, UInt(dataBits))).named("f_queue_updated");
            Bool pop = io.out.fire();
            UInt tail = Mux(pop, held.sub(1), held);
            for (int i = 0; i < latency; i++) {
                int k = i;
                if (i + 1 < latency) {
                    when(pop, () -> {
                        queueAddr.get(k).connect(queueAddr.get(k + 1));
                        queueCmd.get(k).connect(queueCmd.get(k + 1));
                        queueTracked.get(k).connect(queueTracked.get(k + 1));
                        queueOld.get(k).connect(queueOld.get(k + 1));
                        queueUpdated.get(k).connect(queueUpdated.get(k + 1));
                    });
                }
                when(io.in.fire().and(tail.eq(i)), () -> {
                    queueAddr.get(k).connect(in.addr);
                    queueCmd.get(k).connect(in.cmd);
                    queueTracked.get(k).connect(tracked);
                    queueOld.get(k).connect(word);
                    queueUpdated.get(k).connect(updated);
                });
            }
            held.connect(Mux(io.in.fire(), tail.add(1), tail));

            Formal.Assert("holds_at_most_latency", held.le(latency));
            when(io.out.valid, () -> {
                Formal.Assert("result_has_a_command", held.ne(0));
                Formal.Assert(
                        "results_in_acceptance_order",
                        out.addr.eq(queueAddr.get(0)).and(out.cmd.eq(queueCmd.get(0))));
                when(queueTracked.get(0), () -> {
                    Formal.Assert("old_word_as_sequential", out.old.eq(queueOld.get(0)));
                    Formal.Assert("updated_word_as_sequential", out.updated.eq(queueUpdated.get(0)));
                });
            });
            holdsUntilTaken("out_holds_until_taken", io.out);
            // The oldest command is presented within latency - 1 cycles of becoming the oldest.
            Bool headStays = held.ne(0).and(pop.not());
            when(
                    held.ne(0).and(cyclesHeld(headStays, latency).ge(latency - 1)),
                    () -> Formal.Assert("result_within_latency", io.out.valid));
            Formal.Cover(
                    "tracked_word_back_to_back",
                    held.eq(2).and(queueTracked.get(0)).and(queueTracked.get(1)));
        });
    }
}
