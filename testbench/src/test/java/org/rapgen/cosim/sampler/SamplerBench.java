package org.rapgen.cosim.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.List;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.Vec;

/**
 * Several sampler engines side by side in one model, each with its own ports {@code io_e_<i>_...}, so one Verilator
 * build covers every composition (a build costs far more than simulating a few more engines). Engines with narrower
 * message counts have their {@code m_axis_tdata} zero-extended to the widest.
 */
final class SamplerBench extends Module {
    static final class IO extends Bundle {
        final Vec<SamplerEngine.IO> e;

        IO(int n, int keyBits, int countBytes) {
            e = Vec(n, new SamplerEngine.IO(keyBits, countBytes));
        }
    }

    final IO io;

    SamplerBench(String name, List<SamplerParams> engines) {
        super("b", name);
        int k = engines.get(0).keyBits();
        int bytes = engines.stream().mapToInt(SamplerEngine::countBytes).max().orElseThrow();
        io = IO(new IO(engines.size(), k, bytes));
        for (int i = 0; i < engines.size(); i++) {
            SamplerParams p = engines.get(i);
            if (p.keyBits() != k) throw new IllegalArgumentException("bench engines share one K");
            SamplerEngine e = Module(new SamplerEngine(p));
            SamplerEngine.IO port = io.e.get(i);
            e.io.s_axis.tvalid.connect(port.s_axis.tvalid);
            e.io.s_axis.tdata.connect(port.s_axis.tdata);
            e.io.s_axis.tlast.connect(port.s_axis.tlast);
            port.s_axis.tready.connect(e.io.s_axis.tready);
            port.m_axis.tvalid.connect(e.io.m_axis.tvalid);
            port.m_axis.tdata.connect(e.io.m_axis.tdata);
            e.io.m_axis.tready.connect(port.m_axis.tready);
            port.status.connect(e.io.status);
        }
    }
}
