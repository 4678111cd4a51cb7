package org.rapgen.golden.rap;

/** Observes merge batches; tests use it to check the merge schedule. */
@FunctionalInterface
public interface MergeListener {

    /**
     * Called after every merge batch.
     *
     * @param n         total weight at the batch (the batch uses T(n))
     * @param threshold T(n)
     * @param early     true for a capacity-driven early batch (hardware model only), which does
     *                  not advance the schedule
     * @param removed   nodes removed by this batch
     */
    void onMergeBatch(long n, long threshold, boolean early, int removed);

    MergeListener NONE = (n, t, early, removed) -> {};
}
