package org.rapgen.experiments;

/** Where bench/make-traces.sh keeps its traces: {@code $RAPGEN_TRACE_DIR}, else {@code $XDG_CACHE_HOME/rapgen/traces}. */
final class TraceCache {
    private TraceCache() {}

    /** The folder, without a trailing slash ({@code ~/.cache/rapgen/traces} when neither variable is set). */
    static String dir() {
        return System.getenv()
                .getOrDefault(
                        "RAPGEN_TRACE_DIR",
                        System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache")
                                + "/rapgen/traces");
    }

    /** The four lackey traces of bench/make-traces.sh, comma-separated: the experiments' default. */
    static String lackeyTraces() {
        String home = dir() + "/";
        return home + "gzip.lackey.gz," + home + "xz.lackey.gz," + home + "sort.lackey.gz," + home + "bc.lackey.gz";
    }
}
