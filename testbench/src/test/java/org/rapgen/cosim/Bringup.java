package org.rapgen.cosim;

/** The bring-up DUTs under src/test/resources/bringup, as providers and as built models. */
final class Bringup {
    private Bringup() {}

    public static final class Counter implements DutProvider {
        @Override
        public Dut dut() {
            return Dut.fromClasspath(Bringup.class, "counter", "bringup/counter.v");
        }
    }

    public static final class Adder implements DutProvider {
        @Override
        public Dut dut() {
            return Dut.fromClasspath(Bringup.class, "adder", "bringup/adder.v");
        }
    }

    /** The same build the @Cosim extension uses (trace compiled in), so tests share one cache entry. */
    static VerilatorModel model(DutProvider p) {
        Dut d = p.dut();
        return VerilatorModel.builder(d.top()).files(d.files()).flags(d.flags()).trace(true).build();
    }
}
