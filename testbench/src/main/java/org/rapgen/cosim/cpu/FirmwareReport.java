package org.rapgen.cosim.cpu;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.golden.rap.RapNode;
import org.rapgen.golden.rap.RapTree;

/**
 * The RAP profile as the firmware read it out of the engine's CSRs and printed it at exit (programs/runtime/runtime.c):
 * <pre>
 * rap-status &lt;n, 16 hex digits&gt; &lt;NODES&gt; &lt;SNAP_FLAGS&gt; &lt;EPS&gt;
 * rap-node &lt;len&gt; &lt;prefix&gt; &lt;count, 16 hex digits&gt;     one per valid slot, in slot order
 * rap-end &lt;the system's stall count&gt;
 * </pre>
 * all in hex. Everything else on the console is the program's own output.
 */
public record FirmwareReport(RapTree tree, long nodesRegister, long stallCycles, String programOutput) {
    public static FirmwareReport parse(String console, RapConfig c) {
        StringBuilder program = new StringBuilder();
        List<RapNode> nodes = new ArrayList<>();
        long[] status = null;
        Long stalls = null;
        for (String line : console.split("\n", -1)) {
            String[] w = line.strip().split(" ");
            switch (w[0]) {
                case "rap-status" ->
                    status = new long[] {
                        Long.parseUnsignedLong(w[1], 16),
                        Long.parseLong(w[2], 16),
                        Long.parseLong(w[3], 16),
                        Long.parseLong(w[4], 16)
                    };
                case "rap-node" ->
                    nodes.add(new RapNode(
                            Long.parseUnsignedLong(w[2], 16),
                            Integer.parseInt(w[1], 16),
                            Long.parseUnsignedLong(w[3], 16)));
                case "rap-end" -> stalls = Long.parseLong(w[1], 16);
                default -> {
                    if (status == null) program.append(line).append('\n');
                }
            }
        }
        if (status == null || stalls == null)
            throw new IllegalStateException(
                    "the firmware's profile readout is missing or incomplete: " + CpuRun.tail(console));
        nodes.sort(RapNode.ORDER);
        boolean overflow = (status[2] & 1) != 0;
        RapTree tree =
                new RapTree(c.keyBits(), c.bitsPerLevel(), (int) status[3], status[0], overflow, List.copyOf(nodes));
        return new FirmwareReport(tree, status[1], stalls, program.toString().strip());
    }
}
