package org.rapgen.cosim.sampler;

import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.MessageList;
import org.rapgen.golden.sampler.Sampler;
import org.rapgen.golden.sampler.SamplerConfig;

/** The golden model's message stream for an engine's parameters and a tuple stream (TLAST = {@code finish()}). */
public final class GoldenSampler {
    private GoldenSampler() {}

    public static SamplerConfig config(SamplerParams p) {
        return new SamplerConfig(p.keyBits(), p.hashSeed(), p.lfsrSeed(), p.counterBits(), p.assocCountBits());
    }

    public static MessageList messages(SamplerParams p, Tuples t) {
        MessageList out = new MessageList();
        Sampler s = p.spec().build(config(p), out);
        for (int i = 0; i < t.size(); i++) {
            s.push(t.pc()[i], t.w()[i]);
            if (t.last()[i]) s.finish();
        }
        return out;
    }
}
