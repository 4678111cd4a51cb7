package org.rapgen.designs;

import java.util.Map;
import java.util.function.BiFunction;

/**
 * One integer or boolean design parameter with its legal range, checked when the configuration is read so a bad
 * value is reported at its config line rather than deep inside elaboration.
 */
public record ParamSpec(String name, String help, Object defaultValue, boolean bool,
                        BiFunction<Long, Map<String, Object>, String> rule) {

    public static ParamSpec integer(String name, String help, Integer dflt, BiFunction<Long, Map<String, Object>, String> rule) {
        return new ParamSpec(name, help, dflt, false, rule);
    }

    public static ParamSpec flag(String name, String help, boolean dflt) {
        return new ParamSpec(name, help, dflt, true, (v, p) -> null);
    }

    /** Range rule: {@code lo <= v <= hi}. */
    public static BiFunction<Long, Map<String, Object>, String> range(long lo, long hi) {
        return (v, p) -> v < lo || v > hi ? "must be in " + lo + ".." + hi + ", got " + v : null;
    }

    /** Power of two within {@code lo..hi}. */
    public static BiFunction<Long, Map<String, Object>, String> pow2(long lo, long hi) {
        return (v, p) -> v < lo || v > hi || Long.bitCount(v) != 1 ? "must be a power of two in " + lo + ".." + hi + ", got " + v : null;
    }

    /** A problem with {@code text}, or null if it is legal (given the parameters read before it). */
    public String check(String text, Map<String, Object> earlier) {
        if (bool) return text.equals("true") || text.equals("false") ? null : "must be true or false, got '" + text + "'";
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            return "must be an integer, got '" + text + "'";
        }
        return rule.apply(v, earlier);
    }

    public Object parse(String text) {
        return bool ? (Object) Boolean.parseBoolean(text) : (Object) Integer.valueOf((int) Long.parseLong(text));
    }
}
