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
            String orphan = top == null ? "?" : top.module.getClass().getSimpleName() + " created at " + top.def.loc;
            stack.clear();
            throw new HdlException(loc, "module " + orphan + " was not wrapped in Module(new ...)");
        }
        stack.pop();
    }

    /** Abandons a failed elaboration so the next one on this thread starts clean. */
    static void reset() {
        STACK.get().clear();
    }
}
