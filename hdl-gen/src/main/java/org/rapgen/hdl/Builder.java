package org.rapgen.hdl;

import java.util.ArrayDeque;
import java.util.Deque;

/** The stack of modules being elaborated on this thread (a child's constructor runs inside its parent's). */
final class Builder {
    private static final ThreadLocal<Deque<ModuleContext>> STACK = ThreadLocal.withInitial(ArrayDeque::new);

    private Builder() {
    }

    static ModuleContext current() {
        ModuleContext ctx = STACK.get().peek();
        if (ctx == null) throw new HdlException(SourceLoc.capture(), "hardware can only be created while a Module is being elaborated (inside its constructor)");
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
            // Report the orphan's own `new` line: that is where Module(...) is missing.
            throw new HdlException(top.module.instantiatedAt(), "module " + top.module.getClass().getSimpleName()
                    + " was not wrapped in Module(new ...)");
        }
        stack.pop();
    }

    /** Abandons a failed elaboration so the next one on this thread starts clean. */
    static void reset() {
        STACK.get().clear();
    }
}
