package org.rapgen.cosim.rap;

import org.rapgen.engines.rap.RapConfig;

/** Every directed co-simulation of {@link RapDirectedCosimTest} on the trie lookup, with the same parameters. */
class TrieDirectedCosimTest extends RapDirectedCosimTest {
    @Override
    RapConfig on(RapConfig c) {
        return c.withLookup(RapConfig.Lookup.TRIE);
    }

    /** The block-RAM TCAM's write waits have no trie counterpart; the counter read register is in TRIE_CLIP's runs. */
    @Override
    void blockRamTcamAndCounterReadRegisterLoseNothing() {}
}
