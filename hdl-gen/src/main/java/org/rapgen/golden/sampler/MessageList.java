package org.rapgen.golden.sampler;

import java.util.AbstractList;
import java.util.Arrays;

/** A {@link MessageSink} that keeps every message in primitive arrays; also a read-only {@code List<Message>}. */
public final class MessageList extends AbstractList<Message> implements MessageSink {
    private long[] data = new long[3 * 64];
    private int[] levels = new int[64];
    private int n;
    private long totalCount;

    @Override
    public void message(long pc, long w, long count) {
        message(pc, w, count, -1);
    }

    @Override
    public void message(long pc, long w, long count, int level) {
        if (3 * n + 3 > data.length) data = Arrays.copyOf(data, data.length * 2);
        if (n == levels.length) levels = Arrays.copyOf(levels, levels.length * 2);
        data[3 * n] = pc;
        data[3 * n + 1] = w;
        data[3 * n + 2] = count;
        levels[n] = level;
        n++;
        totalCount += Message.estimate(count, level);
    }

    @Override
    public Message get(int i) {
        if (i < 0 || i >= n) throw new IndexOutOfBoundsException(i);
        return new Message(data[3 * i], data[3 * i + 1], data[3 * i + 2], levels[i]);
    }

    public long pc(int i) {
        return data[3 * i];
    }

    public long w(int i) {
        return data[3 * i + 1];
    }

    public long count(int i) {
        return data[3 * i + 2];
    }

    @Override
    public int size() {
        return n;
    }

    /** The level of message i, -1 unless a value hotlist sent it. */
    public int level(int i) {
        return levels[i];
    }

    /** Sum of the tuples all messages stand for ({@link Message#estimate()}). */
    public long totalCount() {
        return totalCount;
    }
}
