package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** The user's Java {@code file:line} that created a piece of hardware; carried into errors and into emitted comments. */
public record SourceLoc(String file, int line) {
    public static final SourceLoc UNKNOWN = new SourceLoc("<unknown>", 0);

    // Frames in the DSL core itself are skipped so the location is the user's call site; library blocks
    // (org.rapgen.hdl.lib) and engines are user code and are reported.
    private static final Set<String> CORE_PACKAGES =
            Set.of("org.rapgen.hdl", "org.rapgen.hdl.ir", "org.rapgen.hdl.emit");
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final StackWalker CLASS_WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    public static SourceLoc capture() {
        return WALKER.walk(frames -> frames.filter(f -> !isCore(f.getClassName()))
                .findFirst()
                .map(SourceLoc::of)
                .orElse(UNKNOWN));
    }

    /**
     * The user's line for an error found inside {@code block} (a library block or engine, its constructor or any of its
     * methods): the first frame after the frames of {@code block} and its nested classes, that is, the line that
     * called into it. The current location when {@code block} is not on the stack.
     */
    public static SourceLoc callerOf(Class<?> block) {
        return CLASS_WALKER.walk(frames -> {
            boolean inside = false;
            for (StackWalker.StackFrame f :
                    (Iterable<StackWalker.StackFrame>) frames.filter(f -> !isCore(f.getClassName()))::iterator) {
                if (f.getDeclaringClass().getNestHost() == block) inside = true;
                else if (inside) return of(f);
            }
            return capture();
        });
    }

    /**
     * Where an object of {@code cls} is being constructed: the first user frame outside the constructors of
     * {@code cls} and its superclasses below {@code base}. One frame is skipped per class, so a module that
     * instantiates its own class still reports the parent's {@code new} line.
     */
    static SourceLoc captureConstruction(Class<?> cls, Class<?> base) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = cls; k != null && k != base; k = k.getSuperclass()) if (!isCore(k.getName())) chain.add(0, k);
        return CLASS_WALKER.walk(frames -> {
            Iterator<StackWalker.StackFrame> it =
                    frames.filter(f -> !isCore(f.getClassName())).iterator();
            int next = 0;
            while (it.hasNext()) {
                StackWalker.StackFrame f = it.next();
                if (next < chain.size()
                        && f.getMethodName().equals("<init>")
                        && f.getDeclaringClass() == chain.get(next)) {
                    next++;
                    continue;
                }
                return of(f);
            }
            return UNKNOWN;
        });
    }

    /** How many constructor frames of exactly {@code cls} are on this thread's stack. */
    static long constructorFrames(Class<?> cls) {
        return CLASS_WALKER.walk(frames -> frames.filter(
                        f -> f.getDeclaringClass() == cls && f.getMethodName().equals("<init>"))
                .count());
    }

    /** A stack frame's file and line (its class name when the class has no source file). */
    private static SourceLoc of(StackWalker.StackFrame f) {
        return new SourceLoc(f.getFileName() == null ? f.getClassName() : f.getFileName(), f.getLineNumber());
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
