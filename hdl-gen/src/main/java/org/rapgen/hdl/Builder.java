package org.rapgen.hdl;

import java.util.ArrayDeque;
import java.util.Deque;

/** The stack of modules being elaborated on this thread (a child's constructor runs inside its parent's). */
final class Builder {
    private static final ThreadLocal<Deque<ModuleContext>> STACK = ThreadLocal.withInitial(ArrayDeque::new);

    private Builder() {}

    static ModuleContext current() {
        ModuleContext ctx = STACK.get().peek();
        if (ctx == null)
            throw new HdlException(
                    SourceLoc.capture(),
                    "hardware can only be created while a Module is being elaborated (inside its constructor)");
        return ctx;
    }

    static ModuleContext currentOrNull() {
        return STACK.get().peek();
    }

    static void push(ModuleContext ctx) {
        STACK.get().push(ctx);
    }

    static void pop(ModuleContext expected, SourceLoc loc) {
        Deque<ModuleContext> stack = STACK.get();
        ModuleContext top = stack.peek();
        if (top != expected) {
            stack.clear();
            if (top == null) throw new HdlException(loc, "module was not wrapped in Module(new ...)");
            throw notWrapped(top);
        }
        stack.pop();
    }

    /**
     * Called before reporting an error that a module created without {@code Module(...)} would cause: its context
     * stays on top of the stack, so the parent's next connects land in it and fail confusingly. If the top module's
     * constructor has already returned, report the missing {@code Module(...)} instead.
     */
    static void checkTopStillConstructing() {
        Deque<ModuleContext> stack = STACK.get();
        ModuleContext top = stack.peek();
        if (top == null) return;
        // Every module on the stack of a class is inside its own constructor; fewer constructor frames than such
        // modules means the top one has returned (this also works for a module that instantiates its own class).
        Class<?> cls = top.module.getClass();
        long building = stack.stream().filter(c -> c.module.getClass() == cls).count();
        if (SourceLoc.constructorFrames(cls) < building) {
            stack.clear();
            throw notWrapped(top);
        }
    }

    /** Reported at the orphan's own {@code new} line: that is where {@code Module(...)} is missing. */
    private static HdlException notWrapped(ModuleContext orphan) {
        return new HdlException(
                orphan.module.instantiatedAt(),
                "module " + orphan.module.getClass().getSimpleName() + " was not wrapped in Module(new ...)");
    }

    /** Abandons a failed elaboration so the next one on this thread starts clean. */
    static void reset() {
        STACK.get().clear();
    }
}
