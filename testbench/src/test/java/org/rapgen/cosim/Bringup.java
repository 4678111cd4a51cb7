package org.rapgen.cosim;

/** The bring-up DUTs ({@link BringupCounter}, {@link BringupAdder}, written in the Java HDL), as providers and as built models. */
final class Bringup {
    private Bringup() {}

    public static final class Counter extends DslProvider {
        public Counter() {
            super(BringupCounter::new);
        }
    }

    /** Deliberately wrong: counts 6 -> 8. */
    public static final class BuggyCounter extends DslProvider {
        public BuggyCounter() {
            super(() -> new BringupCounter(true));
        }
    }

    public static final class Adder extends DslProvider {
        public Adder() {
            super(BringupAdder::new);
        }
    }

    /** The same build the @Cosim extension uses (trace compiled in), so tests share one cache entry. */
    static VerilatorModel model(DutProvider p) {
        Dut d = p.dut();
        return VerilatorModel.builder(d.top())
                .files(d.files())
                .flags(d.flags())
                .trace(true)
                .build();
    }
}
