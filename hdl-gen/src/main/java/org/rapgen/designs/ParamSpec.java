package org.rapgen.designs;

import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One integer, boolean or text design parameter with its legal range, checked when the configuration is read so a bad
 * value is reported at its config line rather than deep inside elaboration. {@code textRule} is null except for text
 * parameters.
 */
public record ParamSpec(
        String name,
        String help,
        Object defaultValue,
        boolean bool,
        BiFunction<Long, Map<String, Object>, String> rule,
        BiFunction<String, Map<String, Object>, String> textRule) {

    public static ParamSpec integer(
            String name, String help, Integer dflt, BiFunction<Long, Map<String, Object>, String> rule) {
        return new ParamSpec(name, help, dflt, false, rule, null);
    }

    public static ParamSpec flag(String name, String help, boolean dflt) {
        return new ParamSpec(name, help, dflt, true, (v, p) -> null, null);
    }

    /** A text parameter; {@code rule} returns the problem with a value, or null if it is legal. */
    public static ParamSpec text(String name, String help, String dflt, Function<String, String> rule) {
        return new ParamSpec(name, help, dflt, false, (v, p) -> null, (v, p) -> rule.apply(v));
    }

    /** A text parameter whose rule also sees the parameters read before it. */
    public static ParamSpec textAfter(
            String name, String help, String dflt, BiFunction<String, Map<String, Object>, String> rule) {
        return new ParamSpec(name, help, dflt, false, (v, p) -> null, rule);
    }

    /** Range rule: {@code lo <= v <= hi}. */
    public static BiFunction<Long, Map<String, Object>, String> range(long lo, long hi) {
        return (v, p) -> v < lo || v > hi ? "must be in " + lo + ".." + hi + ", got " + v : null;
    }

    /** Power of two within {@code lo..hi}. */
    public static BiFunction<Long, Map<String, Object>, String> pow2(long lo, long hi) {
        return (v, p) -> v < lo || v > hi || Long.bitCount(v) != 1
                ? "must be a power of two in " + lo + ".." + hi + ", got " + v
                : null;
    }

    /** A problem with {@code text}, or null if it is legal (given the parameters read before it). */
    public String check(String text, Map<String, Object> earlier) {
        if (textRule != null) return textRule.apply(text, earlier);
        if (bool)
            return text.equals("true") || text.equals("false") ? null : "must be true or false, got '" + text + "'";
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            return "must be an integer, got '" + text + "'";
        }
        return rule.apply(v, earlier);
    }

    public Object parse(String text) {
        if (textRule != null) return text;
        return bool ? (Object) Boolean.parseBoolean(text) : (Object) Integer.valueOf((int) Long.parseLong(text));
    }
}
