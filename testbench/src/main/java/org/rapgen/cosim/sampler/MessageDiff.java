package org.rapgen.cosim.sampler;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.MessageList;

/** Message-by-message comparison of the RTL's stream with the golden model's. */
public record MessageDiff(int expected, int actual, int mismatches, List<String> first) {
    public static final int SHOWN = 5;

    public static MessageDiff of(MessageList golden, MessageList rtl) {
        int n = Math.max(golden.size(), rtl.size());
        int bad = 0;
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String g = i < golden.size() ? golden.get(i).toString() : "(none)";
            String r = i < rtl.size() ? rtl.get(i).toString() : "(none)";
            if (!g.equals(r)) {
                bad++;
                if (shown.size() < SHOWN) shown.add("message " + i + ": golden " + g + ", rtl " + r);
            }
        }
        return new MessageDiff(golden.size(), rtl.size(), bad, List.copyOf(shown));
    }

    public boolean identical() {
        return mismatches == 0;
    }

    @Override
    public String toString() {
        return "golden " + expected + " messages, rtl " + actual + ", " + mismatches + " mismatching"
                + (first.isEmpty() ? "" : ":\n  " + String.join("\n  ", first));
    }
}
