package org.rapgen.cosim.blocks;

import java.util.ArrayDeque;

/**
 * A producer that keeps the ready/valid rule: once it presents an item it holds it, unchanged, until told the item
 * was taken. Between items it may idle. Items come from a queue the test fills.
 */
final class HoldingSource<T> {
    private final ArrayDeque<T> queue = new ArrayDeque<>();
    private T current;

    void offer(T item) {
        queue.add(item);
    }

    /** The item presented this cycle (valid high), or null; a new item starts only when {@code idle} is false. */
    T present(boolean idle) {
        if (current == null && !idle) current = queue.poll();
        return current;
    }

    void taken() {
        current = null;
    }

    /** Nothing presented and nothing queued. */
    boolean idle() {
        return current == null && queue.isEmpty();
    }

    int queued() {
        return queue.size();
    }
}
