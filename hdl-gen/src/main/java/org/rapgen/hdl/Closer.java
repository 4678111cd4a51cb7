package org.rapgen.hdl;

import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.passes.CombLoops;
import org.rapgen.hdl.passes.ExpandWhens;
import org.rapgen.hdl.passes.NameCheck;
import org.rapgen.hdl.passes.WidthInference;

/** Finishes a module's elaboration: names, widths, checks, last-connect lowering and loop detection, in that order. */
final class Closer {
    private Closer() {}

    static ModuleDef close(ModuleContext ctx) {
        try {
            if (ctx.module instanceof BlackBox box) {
                FieldNaming.apply(ctx);
                box.checkAgainstVerilog();
                return ctx.def;
            }
            FieldNaming.apply(ctx);
            WidthInference.run(ctx.def);
            ctx.runDeferredChecks();
            ExpandWhens.run(ctx.def);
            NameCheck.run(ctx.def);
            CombLoops.run(ctx.def);
            return ctx.def;
        } catch (RuntimeException e) {
            Builder.reset();
            throw e;
        }
    }
}
