package org.rapgen.golden.rap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The paper's software API (§3.2: {@code rap_init}, {@code rap_add_points},
 * {@code rap_finalize}): several profile types (PCs, load values, addresses...) profiled at once,
 * one independent tree per type, identified by an int type id 0..types-1.
 *
 * <p>Each type may sit behind its own {@link CombiningQueue}; queues of different types never
 * combine with each other, as if each type had its own engine.
 */
public final class RapProfiler {

    private final List<RapModel> models = new ArrayList<>();
    private final List<EventSink> inputs = new ArrayList<>();

    private RapProfiler() {}

    /** {@code rap_init}: one tree per type, built by {@code newModel}, without combining. */
    public static RapProfiler init(int types, Supplier<? extends RapModel> newModel) {
        return init(types, newModel, 0);
    }

    /**
     * {@code rap_init} with a combining queue of W = {@code combineWeightBits} in front of each
     * tree; 0 means no queue.
     */
    public static RapProfiler init(int types, Supplier<? extends RapModel> newModel, int combineWeightBits) {
        if (types < 1) {
            throw new IllegalArgumentException("need at least one profile type, got " + types);
        }
        RapProfiler p = new RapProfiler();
        for (int i = 0; i < types; i++) {
            RapModel m = newModel.get();
            p.models.add(m);
            p.inputs.add(combineWeightBits == 0 ? m : new CombiningQueue(m, true, combineWeightBits));
        }
        return p;
    }

    /** {@code rap_add_points}: adds {@code count} occurrences of {@code key} to profile {@code type}. */
    public void addPoints(long key, long count, int type) {
        input(type).accept(key, count);
    }

    /**
     * {@code rap_finalize}: flushes every queue (like tlast) and returns one snapshot per type,
     * indexed by type. Profiling may continue afterwards; a mid-stream finalize is a flush, so it
     * can change later combining (and so the result) exactly as a tlast would in hardware.
     */
    public List<RapTree> finalizeProfile() {
        List<RapTree> out = new ArrayList<>(models.size());
        for (int i = 0; i < models.size(); i++) {
            inputs.get(i).flush();
            out.add(models.get(i).tree());
        }
        return List.copyOf(out);
    }

    /** The model behind profile {@code type} (for status and mid-stream snapshots). */
    public RapModel model(int type) {
        checkType(type);
        return models.get(type);
    }

    public int types() {
        return models.size();
    }

    private EventSink input(int type) {
        checkType(type);
        return inputs.get(type);
    }

    private void checkType(int type) {
        if (type < 0 || type >= models.size()) {
            throw new IllegalArgumentException("profile type must be 0.." + (models.size() - 1) + ", got " + type);
        }
    }
}
