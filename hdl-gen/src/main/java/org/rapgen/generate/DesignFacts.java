package org.rapgen.generate;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the constraint, build-script and FuseSoC templates render for one design: its name, top module, clock, ports
 * and Verilog files (children first, top last).
 */
public record DesignFacts(
        String name,
        String top,
        String version,
        String design,
        double clockMhz,
        List<Port> ports,
        List<String> rtlFiles) {
    public List<PortGroup> groups() {
        return PortGroup.of(ports);
    }

    public String periodNs() {
        return ns(1000.0 / clockMhz);
    }

    public String ioDelayNs() {
        return ns(1000.0 / clockMhz * FpgaParts.IO_BUDGET);
    }

    public String ioBudgetPercent() {
        return String.valueOf(Math.round(FpgaParts.IO_BUDGET * 100));
    }

    public String clockMhzText() {
        return clockMhz == Math.rint(clockMhz) ? String.valueOf((long) clockMhz) : String.valueOf(clockMhz);
    }

    /** FuseSoC VLNV name. */
    public String coreName() {
        return "rapgen:designs:" + name + ":" + version;
    }

    static String join(List<Port> ports) {
        return ports.stream().map(Port::pattern).collect(Collectors.joining(" "));
    }

    private static String ns(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
