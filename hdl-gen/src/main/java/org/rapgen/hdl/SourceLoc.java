package org.rapgen.hdl;

import java.util.Set;

/** The user's Java {@code file:line} that created a piece of hardware; carried into errors and into emitted comments. */
public record SourceLoc(String file, int line) {
    public static final SourceLoc UNKNOWN = new SourceLoc("<unknown>", 0);

    // Frames in the DSL core itself are skipped so the location is the user's call site; library blocks
    // (org.rapgen.hdl.lib) and engines are user code and are reported.
    private static final Set<String> CORE_PACKAGES = Set.of("org.rapgen.hdl", "org.rapgen.hdl.ir", "org.rapgen.hdl.emit");
    private static final StackWalker WALKER = StackWalker.getInstance();

    public static SourceLoc capture() {
        return WALKER.walk(frames -> frames
                .filter(f -> !isCore(f.getClassName()))
                .findFirst()
                .map(f -> new SourceLoc(f.getFileName() == null ? f.getClassName() : f.getFileName(), f.getLineNumber()))
                .orElse(UNKNOWN));
    }

    private static boolean isCore(String className) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        return CORE_PACKAGES.contains(pkg) || pkg.startsWith("java.") || pkg.startsWith("jdk.");
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
