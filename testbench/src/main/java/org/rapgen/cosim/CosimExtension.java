package org.rapgen.cosim;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.TestAbortedException;

/**
 * JUnit 5 side of {@link Cosim}: builds the DUT (always with trace support compiled in, so
 * a failure never needs a second build), hands each test a fresh {@link Sim}, and on
 * failure makes sure an FST file exists and its path is in the failure message.
 * Waveforms go to {@code -Drapgen.cosim.waves} (default {@code target/cosim-waves}) as
 * {@code <TestClass>/<method>.fst}.
 */
public final class CosimExtension implements ParameterResolver, TestExecutionExceptionHandler {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(CosimExtension.class);

    /** Closes the Sim (and so flushes its FST) when the test's store is closed. */
    private record Resource(Sim sim) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            sim.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext pc, ExtensionContext ec) {
        Class<?> t = pc.getParameter().getType();
        return t == Sim.class || t == VerilatorModel.class;
    }

    /** {@code Sim}: the test's instance (one per test). {@code VerilatorModel}: to create more instances. */
    @Override
    public Object resolveParameter(ParameterContext pc, ExtensionContext ec) {
        if (pc.getParameter().getType() == VerilatorModel.class) return model(annotation(ec));
        return ec.getStore(NS)
                .getOrComputeIfAbsent("sim", k -> new Resource(open(ec)), Resource.class)
                .sim();
    }

    private static VerilatorModel model(Cosim cosim) {
        Dut dut;
        try {
            var ctor = cosim.value().getDeclaredConstructor();
            ctor.setAccessible(true); // providers are often private nested classes of the test
            dut = ctor.newInstance().dut();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "cannot instantiate " + cosim.value().getName() + " (needs a no-arg constructor)", e);
        }
        return VerilatorModel.builder(dut.top())
                .files(dut.files())
                .flags(dut.flags())
                .trace(true)
                .build();
    }

    private static Sim open(ExtensionContext ec) {
        Cosim cosim = annotation(ec);
        VerilatorModel model = model(cosim);
        if (cosim.waves() == Waves.ALWAYS) return model.newSim(wavePath(ec));
        Sim sim = model.newSim();
        sim.record(true);
        return sim;
    }

    private static Cosim annotation(ExtensionContext ec) {
        Optional<Cosim> m = ec.getTestMethod().flatMap(x -> AnnotationSupport.findAnnotation(x, Cosim.class));
        if (m.isPresent()) return m.get();
        for (Class<?> c = ec.getRequiredTestClass(); c != null; c = c.getEnclosingClass()) {
            Optional<Cosim> a = AnnotationSupport.findAnnotation(c, Cosim.class);
            if (a.isPresent()) return a.get();
        }
        throw new IllegalStateException("no @Cosim on " + ec.getDisplayName());
    }

    static Path wavePath(ExtensionContext ec) {
        String dir = System.getProperty("rapgen.cosim.waves", "target/cosim-waves");
        String method =
                ec.getTestMethod().map(java.lang.reflect.Method::getName).orElse("test");
        String unique = Integer.toHexString(ec.getUniqueId().hashCode()); // parameterized/repeated tests
        return Path.of(dir, ec.getRequiredTestClass().getName(), method + "-" + unique + ".fst")
                .toAbsolutePath();
    }

    @Override
    public void handleTestExecutionException(ExtensionContext ec, Throwable t) throws Throwable {
        Resource r = ec.getStore(NS).get("sim", Resource.class);
        if (r == null || t instanceof TestAbortedException) throw t;
        Sim sim = r.sim();
        Path fst = sim.wavePath().orElse(null);
        if (fst != null) {
            sim.close(); // flush what was traced so far
        } else if (sim.log() != null) {
            try {
                fst = replay(sim, wavePath(ec));
            } catch (RuntimeException e) {
                t.addSuppressed(e); // never let a waveform problem hide the test's own failure
                throw t;
            }
        }
        if (fst == null) throw t;
        if (t instanceof ExpectationError e) throw e.withWaveform(sim.model().top(), fst);
        AssertionError wrapped = new AssertionError(t.getMessage() + "\n  waveform: " + fst, t);
        wrapped.setStackTrace(t.getStackTrace());
        throw wrapped;
    }

    /**
     * Re-runs the recorded stimulus in a traced instance, plus one extra cycle so the
     * waveform's last sample point (time 2c) shows the values the failing check saw.
     */
    private static Path replay(Sim failed, Path fst) {
        try (Sim traced = failed.model().newSim(fst)) {
            failed.log().replay(traced);
            traced.step();
        } catch (SimulationStopped expected) {
            // The DUT stopped in the original run and stops again here: the waveform ends there.
        }
        return fst;
    }
}
