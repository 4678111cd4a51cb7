package org.rapgen.cosim.rap;

import java.util.ArrayDeque;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import org.rapgen.engines.rap.RapRegisters;

/**
 * A queue of AXI4-Lite transactions and checks that runs alongside the stream, one transaction at a time, so CSR
 * traffic interleaves with beats exactly as software on a CPU would interleave with a live event source.
 */
final class CsrScript {
    private sealed interface Step permits Write, Read, Until, Run {}

    /**
     * A write; {@code onTaken} runs in the clock the write acts (the one after the engine takes it), after that
     * clock's beat.
     */
    private record Write(int address, long value, Runnable onTaken) implements Step {}

    /** A read; it repeats while {@code accept} returns false (polling). */
    private record Read(int address, LongPredicate accept) implements Step {}

    /** Waits, without bus traffic, until the condition holds (checked once per clock). */
    private record Until(BooleanSupplier condition) implements Step {}

    private record Run(Runnable action) implements Step {}

    private final RapBus bus;
    private final ArrayDeque<Step> steps = new ArrayDeque<>();
    private boolean started;
    private long finished;

    CsrScript(RapBus bus) {
        this.bus = bus;
    }

    boolean idle() {
        return steps.isEmpty();
    }

    /** Steps finished so far: a poll that never sees its value, or a condition that never holds, finishes none. */
    long finished() {
        return finished;
    }

    CsrScript write(String reg, long value, Runnable onTaken) {
        steps.add(new Write(RapRegisters.offset(reg), value, onTaken));
        return this;
    }

    CsrScript write(String reg, long value) {
        return write(reg, value, () -> {});
    }

    /** Writes 1 to a single-bit field of a register whose other fields are pulses or the enable bit (kept at 1). */
    CsrScript pulse(String reg, String field, Runnable onTaken) {
        RapRegisters.Field f = RapRegisters.get(reg).field(field);
        long keep =
                reg.equals("CTRL") ? RapRegisters.get("CTRL").field("enable").mask() : 0;
        return write(reg, keep | f.mask(), onTaken);
    }

    CsrScript read(String reg, LongPredicate accept) {
        steps.add(new Read(RapRegisters.offset(reg), accept));
        return this;
    }

    /** Reads a register until {@code field} equals {@code value}. */
    CsrScript pollField(String reg, String field, long value) {
        RapRegisters.Field f = RapRegisters.get(reg).field(field);
        return read(reg, data -> f.valueIn(data) == value);
    }

    /** Reads NAME_LO and NAME_HI into {@code into[index]}. */
    CsrScript read64(String name, long[] into, int index) {
        read(name + "_LO", lo -> {
            into[index] = lo;
            return true;
        });
        return read(name + "_HI", hi -> {
            into[index] |= hi << 32;
            return true;
        });
    }

    CsrScript until(BooleanSupplier condition) {
        steps.add(new Until(condition));
        return this;
    }

    CsrScript run(Runnable action) {
        steps.add(new Run(action));
        return this;
    }

    /** Before a clock: starts the head transaction if the bus is free (running plain actions on the way). */
    void beforeClock() {
        while (!steps.isEmpty() && !started) {
            Step s = steps.peek();
            if (s instanceof Run r) {
                finish();
                r.action().run();
            } else if (s instanceof Until u) {
                if (!u.condition().getAsBoolean()) return;
                finish();
            } else if (bus.csrIdle()) {
                if (s instanceof Write w) bus.write(w.address(), w.value());
                else bus.read(((Read) s).address());
                started = true;
            } else {
                return;
            }
        }
    }

    /** After a clock (and after its beat was handed to the golden model). */
    void afterClock(RapBus.Cycle cycle) {
        if (!started) return;
        Step s = steps.peek();
        if (cycle.writeApplied && s instanceof Write w) w.onTaken().run();
        if (!cycle.csrDone) return;
        started = false;
        if (s instanceof Read r && !r.accept().test(cycle.readData)) return;
        finish();
    }

    private void finish() {
        steps.poll();
        finished++;
    }
}
