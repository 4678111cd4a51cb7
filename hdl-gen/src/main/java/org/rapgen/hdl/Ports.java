package org.rapgen.hdl;

import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/** Binds an IO bundle: resolves each leaf's direction from Input/Output/Flipped markers, as Chisel does. */
final class Ports {
    private Ports() {}

    static <T extends Data> T declare(ModuleContext ctx, T bundle, SourceLoc loc) {
        if (bundle.isHardwareAny()) throw new HdlException(loc, "IO() takes a type, not a hardware value");
        @SuppressWarnings("unchecked")
        T copy = (T) bundle.cloneType();
        NameSlot slot = new NameSlot("io");
        bindLeaves(ctx, copy, "", false, null, slot, loc, false);
        return copy;
    }

    /**
     * A BlackBox's ports: named by their fields alone, as the external Verilog names them ({@code mem_addr}, not
     * {@code io_mem_addr}), each located at its own Input/Output declaration.
     */
    static <T extends Data> T declareBare(ModuleContext ctx, T bundle, SourceLoc loc) {
        if (bundle.isHardwareAny()) throw new HdlException(loc, "IO() takes a type, not a hardware value");
        if (!(bundle instanceof Bundle))
            throw new HdlException(loc, "a BlackBox's IO() takes a Bundle whose fields are the Verilog ports");
        @SuppressWarnings("unchecked")
        T copy = (T) bundle.cloneType();
        NameSlot slot = new NameSlot("");
        slot.set("", true, loc);
        bindLeaves(ctx, copy, "", false, null, slot, loc, true);
        return copy;
    }

    private static void bindLeaves(
            ModuleContext ctx,
            Data d,
            String path,
            boolean flipped,
            Data.Direction forced,
            NameSlot slot,
            SourceLoc loc,
            boolean bare) {
        boolean flip = flipped ^ (d.specified == Data.Direction.FLIPPED);
        Data.Direction force = forced != null
                ? forced
                : d.specified == Data.Direction.INPUT || d.specified == Data.Direction.OUTPUT ? d.specified : null;
        if (d instanceof Bits leaf) {
            if (leaf.width < 0) throw new HdlException(loc, "port io" + path + " needs an explicit width");
            boolean input = (force == Data.Direction.INPUT) ^ flip;
            SourceLoc at = bare && leaf.declaredAt != null ? leaf.declaredAt : loc;
            leaf.expr = new Ref(ctx.signal(input ? Signal.Kind.INPUT : Signal.Kind.OUTPUT, leaf, slot, path, at));
        } else if (d instanceof Bundle b) {
            b.elements()
                    .forEach((name, child) -> bindLeaves(
                            ctx,
                            child,
                            bare && path.isEmpty() ? name : path + "_" + name,
                            flip,
                            force,
                            slot,
                            loc,
                            bare));
        } else if (d instanceof Vec<?> v) {
            for (int i = 0; i < v.size(); i++) bindLeaves(ctx, v.get(i), path + "_" + i, flip, force, slot, loc, bare);
        }
    }
}
