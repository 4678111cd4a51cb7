package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.tests.IcarusRunner.*;
import static org.rapgen.hdl.tests.OneHotStateTest.Phase.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/**
 * A one-hot state register: clock by clock in Icarus against a plain-Java FSM with the same transitions, including
 * two {@code go}s on one clock (the last wins), a conditional {@code go} and a state range; each state flip-flop is
 * muxed only over the states that enter or leave it; a duplicate state flip-flop follows its state; and {@code go}
 * outside a state, a state given twice, or a duplicate asked for after the arms, is an elaboration error.
 */
class OneHotStateTest {
    enum Phase {
        IDLE,
        LOAD,
        WORK,
        DONE
    }

    static final class Fsm extends Module {
        static final class IOB extends Bundle {
            final Bool x = Input(Bool());
            final Bool y = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt state = Output(UInt(4));
            final Bool busy = Output(Bool());
            final UInt acc = Output(UInt(8));
            final Bool idleCopy = Output(Bool());
            final Bool workCopy = Output(Bool());
        }

        final IOB io = IO(new IOB());

        Fsm() {
            OneHotState<Phase> fsm = new OneHotState<>("fsm", Phase.class, IDLE);
            io.idleCopy.connect(fsm.duplicate(IDLE, "fsm_idle_copy_n"));
            io.workCopy.connect(fsm.duplicate(WORK, "fsm_work_copy_n"));
            UInt acc = RegInit(U(0, 8)).named("acc");
            fsm.on(IDLE, () -> {
                        when(io.x, () -> fsm.go(LOAD));
                        when(io.y, () -> fsm.go(WORK));
                    })
                    .on(LOAD, () -> {
                        acc.connect(io.a);
                        fsm.go(WORK);
                    })
                    .on(WORK, () -> {
                        acc.connect(acc.add(U(1, 8)));
                        when(io.x, () -> fsm.go(DONE)).elsewhen(io.y, () -> fsm.go(IDLE));
                    })
                    .on(DONE, () -> fsm.go(io.y, IDLE, LOAD));
            io.state.connect(Cat(fsm.is(DONE), fsm.is(WORK), fsm.is(LOAD), fsm.is(IDLE)));
            io.busy.connect(fsm.within(LOAD, WORK));
            io.acc.connect(acc);
        }
    }

    @Test
    void followsAModelOfTheMachine() {
        Built<Fsm> b = build(Fsm::new);
        Random rnd = new Random(5);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        Phase s = IDLE;
        int acc = 0;
        for (int i = 0; i < 400; i++) {
            boolean x = rnd.nextBoolean(), y = rnd.nextBoolean();
            int a = rnd.nextInt(256);
            vs.add(in("io_x", x, "io_y", y, "io_a", a));
            exp.add(in(
                    "io_state",
                    1 << s.ordinal(),
                    "io_busy",
                    s == LOAD || s == WORK,
                    "io_acc",
                    acc,
                    "io_idleCopy",
                    s == IDLE,
                    "io_workCopy",
                    s == WORK));
            Phase next = s;
            switch (s) {
                case IDLE -> next = y ? WORK : x ? LOAD : IDLE;
                case LOAD -> {
                    acc = a;
                    next = WORK;
                }
                case WORK -> {
                    acc = (acc + 1) & 0xFF;
                    next = x ? DONE : y ? IDLE : WORK;
                }
                case DONE -> next = y ? IDLE : LOAD;
            }
            s = next;
        }
        check(b, vs, exp);
    }

    @Test
    void aStateFlipFlopIsMuxedOnlyWhereItIsEnteredOrLeft() {
        String v = build(Fsm::new).topText();
        // fsm_done: in WORK set by x, else cleared by y (three selects), in DONE cleared (one); IDLE and LOAD never
        // touch it, so it has no select on their flip-flops.
        assertEquals(4, selectsDriving("fsm_done", v), v);
        assertTrue(v.contains("reg fsm_idle;") && v.contains("reg fsm_work;"), v);
    }

    @Test
    void goOutsideAStateIsAnError() {
        HdlException e = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new Module() {
                    {
                        OneHotState<Phase> fsm = new OneHotState<>("fsm", Phase.class, IDLE);
                        fsm.go(WORK);
                    }

                    @Override
                    protected String baseName() {
                        return "GoOutside";
                    }
                }));
        assertTrue(e.getMessage().contains("go(WORK) outside on(...)"), e.getMessage());
    }

    @Test
    void aDuplicateIsAFlipFlopOfItsOwnAndComesBeforeTheArms() {
        String v = build(Fsm::new).topText();
        assertTrue(v.contains("reg fsm_work_copy_n;"), v);
        HdlException e = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new Module() {
                    {
                        OneHotState<Phase> fsm = new OneHotState<>("fsm", Phase.class, IDLE);
                        fsm.on(IDLE, () -> fsm.go(WORK));
                        fsm.duplicate(WORK, "late");
                    }

                    @Override
                    protected String baseName() {
                        return "LateDuplicate";
                    }
                }));
        assertTrue(e.getMessage().contains("duplicate(WORK) after on(...)"), e.getMessage());
    }

    @Test
    void aStateGivenTwiceIsAnError() {
        HdlException e = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new Module() {
                    {
                        OneHotState<Phase> fsm = new OneHotState<>("fsm", Phase.class, IDLE);
                        fsm.on(IDLE, () -> fsm.go(WORK)).on(IDLE, () -> fsm.go(LOAD));
                    }

                    @Override
                    protected String baseName() {
                        return "TwiceOn";
                    }
                }));
        assertTrue(e.getMessage().contains("duplicate on(IDLE)"), e.getMessage());
    }
}
