package org.rapgen.cosim.cpu;

import java.math.BigInteger;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Dut;
import org.rapgen.cosim.ModelPort;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.cpu.CpuSystem;
import org.rapgen.cpu.PicoRv32Source;
import org.rapgen.cpu.program.Program;
import org.rapgen.cpu.program.ProgramBuild;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;

/**
 * Runs the PicoRV32 system under Verilator until the firmware exits, recording every tap each clock (batched: the
 * clock loop runs in C++, a batch at a time). After the exit the sampler may still be draining its last frame, so the
 * run goes on until no message has come for {@value #DRAIN_QUIET} clocks.
 */
public final class CpuRun {
    static final int BATCH = 1 << 16;
    static final int DRAIN_QUIET = 2000;
    private static final String[] TAPS = {
        "io_report_console_valid",
        "io_report_console_data",
        "io_report_exit_valid",
        "io_report_exit_code",
        "io_report_trap",
        "io_retired",
        "io_report_stalled",
        "io_pc_beat",
        "io_pc_key",
        "io_tuple_beat",
        "io_tuple_pc",
        "io_tuple_addr",
        "io_msg_valid",
        "io_msg_data",
        "io_retired_pc"
    };

    private CpuRun() {}

    /** The system for these engines and this program, as Verilator builds it (cached on disk by its Verilog). */
    public static VerilatorModel model(RapConfig rap, SamplerParams sampler, Program program) {
        return model(rap, sampler, program, VerilatorModel.DEFAULT_OPT);
    }

    /** As {@link #model(RapConfig, SamplerParams, Program)} with a C++ optimisation level ({@code -O0} builds fastest). */
    public static VerilatorModel model(RapConfig rap, SamplerParams sampler, Program program, String opt) {
        Dut d = DslDut.of(() -> new CpuSystem(
                PicoRv32Source.verilog(),
                rap,
                sampler,
                ProgramBuild.MEMORY_BYTES / 4,
                program.image(),
                program.digest()));
        return VerilatorModel.builder(d.top())
                .files(d.files())
                .flags(d.flags())
                .opt(opt)
                .build();
    }

    /** @param maxCycles a run that has not exited by then is an error (a program that hangs) */
    public static CpuTaps run(VerilatorModel model, long maxCycles) {
        CpuTaps t = new CpuTaps();
        try (Sim sim = model.newSim()) {
            sim.reset(4);
            ModelPort[] ports = new ModelPort[TAPS.length];
            int[] ids = new int[TAPS.length];
            int[] offset = new int[TAPS.length];
            int row = 0;
            for (int i = 0; i < TAPS.length; i++) {
                ports[i] = sim.port(TAPS[i]);
                ids[i] = ports[i].id();
                offset[i] = row;
                row += ports[i].words();
            }
            long[] out = new long[BATCH * row];
            long lastMessage = 0;
            while (true) {
                sim.runBatch(BATCH, new int[0], new long[0], ids, out);
                for (int c = 0; c < BATCH; c++) {
                    int r = c * row;
                    long cycle = t.cycles++;
                    if (out[r + offset[0]] != 0) t.console.append((char) out[r + offset[1]]);
                    if (out[r + offset[2]] != 0 && t.exitCycle < 0) {
                        t.exitCycle = cycle;
                        t.exitCode = out[r + offset[3]];
                    }
                    if (out[r + offset[4]] != 0 && !t.trapped) {
                        t.trapped = true;
                        if (t.exitCycle < 0) t.exitCycle = cycle;
                    }
                    if (out[r + offset[5]] != 0) {
                        if (t.exitCycle < 0) t.retired++;
                        t.lastPc = out[r + offset[14]];
                    }
                    if (out[r + offset[6]] != 0) t.stalled++;
                    if (out[r + offset[7]] != 0) {
                        t.pcs.add(out[r + offset[8]]);
                        if (t.firstBeat < 0) t.firstBeat = cycle;
                        t.lastBeat = cycle;
                    }
                    if (out[r + offset[9]] != 0) {
                        t.tuplePcs.add(out[r + offset[10]]);
                        t.tupleAddrs.add(out[r + offset[11]]);
                    }
                    if (out[r + offset[12]] != 0) {
                        BigInteger m = BigInteger.ZERO;
                        for (int k = ports[13].words() - 1; k >= 0; k--) {
                            m = m.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(out[r + offset[13] + k])));
                        }
                        t.messages.add(m);
                        lastMessage = cycle;
                    }
                }
                if (t.exitCycle >= 0 && t.cycles - Math.max(lastMessage, t.exitCycle) >= DRAIN_QUIET) return t;
                if (t.trapped)
                    throw new IllegalStateException("the processor trapped at cycle " + t.exitCycle
                            + ", last retired pc 0x" + Long.toHexString(t.lastPc));
                if (t.cycles > maxCycles) {
                    throw new IllegalStateException(
                            "the program did not exit within " + maxCycles + " clocks (last retired pc 0x"
                                    + Long.toHexString(t.lastPc) + "); console so far: " + tail(t.console()));
                }
            }
        }
    }

    static String tail(String s) {
        return s.length() <= 200 ? s : "..." + s.substring(s.length() - 200);
    }

    /** A sampler message's fields from the stream word: pc in bits 31..0, w in 63..32, the count above. */
    static long[] message(BigInteger tdata) {
        return new long[] {
            tdata.longValue() & 0xFFFF_FFFFL,
            tdata.shiftRight(32).longValue() & 0xFFFF_FFFFL,
            tdata.shiftRight(64).longValue()
        };
    }
}
