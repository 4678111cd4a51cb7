package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/** The forwarding of an {@link RmwMemory} with a {@link ComposableUpdate}: stage R composes operators. */
final class RmwComposition {
    private RmwComposition() {}

    /**
     * Stage R of a composable update holds a base word and an operator; the result is {@code apply(base, op)}. A
     * command entering R takes the word it read (0 if it ignores the old value) and its own operator, except when
     * the command directly ahead (leaving R on the same edge) has its address: then it keeps that command's base and
     * composes its operator onto that command's (a command that keeps the word keeps the operator too). So case (2)
     * of {@link RmwMemory} is never a mux after the update: the base, the operator and the result are all
     * registers, and the loop is {@code compose} alone. Keeping and starting over are the registers' enables and
     * resets. The base is R's RAM word register itself unless the command kept a base, ignores the old value or missed
     * a write; then it is {@code r_base_held}: one mux after R, and no logic between the RAM and its register.
     */
    static ComposableUpdate.Applied composed(
            ComposableUpdate update,
            RmwStage a,
            Bool accept,
            Bool aMoves,
            Bool forward,
            UInt word,
            Bool missedIn,
            UInt missedDataIn,
            UInt cmd) {
        int width = word.getWidth();
        UInt held = Reg(UInt(width)).named("r_base_held");
        Bool useHeld = Reg(Bool()).named("r_base_use_held");
        UInt base = Mux(useHeld, held, word).named("r_base");
        UInt op = Reg(UInt(update.opBits())).named("r_op");
        UInt decoded = Reg(UInt(update.decodedBits())).named("r_decoded");
        // Which register the command keeps is decided at acceptance, so each enable is aMoves and one flip-flop.
        Bool keepsBase = Reg(Bool()).named("a_keeps_base");
        Bool keepsOp = Reg(Bool()).named("a_keeps_op");
        when(accept, () -> {
            keepsBase.connect(forward.and(update.ignoresOld(cmd).not()));
            keepsOp.connect(forward.and(update.keepsWord(cmd)));
        });
        when(aMoves, () -> decoded.connect(update.decode(a.cmd)));
        when(aMoves, () -> {
            Bool ignores = update.ignoresOld(a.cmd);
            useHeld.connect(keepsBase.or(ignores).or(missedIn));
            held.connect(Mux(keepsBase, base, Mux(ignores, U(0, width), missedDataIn)));
        });
        // Starting over is composing onto the identity, so the choice is made on compose's operand and not on its
        // result: the carry chain's cells then hold the composition alone. With the choice after it, each cell's LUT
        // had four inputs and its flip-flop an enable and a reset, more than an iCE40 tile's 32 local inputs for
        // eight cells, so nextpnr cut the chain every seven cells (about 1.5 ns a cut).
        Bool composes = a.forward.and(update.ignoresOld(a.cmd).not());
        UInt onto = Mux(composes, op, update.identity()).named("r_op_onto");
        when(aMoves.and(keepsOp.not()), () -> {
            op.connect(Mux(update.keepsWord(a.cmd), update.identity(), update.compose(onto, a.cmd)));
            when(
                    update.keepsWord(a.cmd).not().and(composes.not()),
                    () -> Assert(
                            update.compose(update.identity(), a.cmd).eq(update.op(a.cmd)),
                            "compose(identity, cmd) differs from op(cmd)"));
        });
        return update.apply(base, op, decoded);
    }
}
