package org.rapgen.hdl.ir;

import org.rapgen.hdl.SourceLoc;

/**
 * The root name shared by every leaf of one hardware value (an aggregate wire's leaves are {@code root_path}).
 * Names come from {@code .named()}, from the module field holding the value, or are generated {@code _kind_N}.
 */
public final class NameSlot {
    private String name;
    private boolean explicit;
    private SourceLoc namedAt;
    private boolean keep;
    public final String autoPrefix;

    public NameSlot(String autoPrefix) {
        this.autoPrefix = autoPrefix;
    }

    public String name() {
        return name;
    }

    public boolean hasName() {
        return name != null;
    }

    public boolean explicit() {
        return explicit;
    }

    public SourceLoc namedAt() {
        return namedAt;
    }

    /** Synthesis keeps this value as a net of its own ({@code (* keep *)} on its declaration). */
    public boolean keep() {
        return keep;
    }

    public void markKeep() {
        keep = true;
    }

    public void set(String name, boolean explicit, SourceLoc at) {
        this.name = name;
        this.explicit = explicit;
        this.namedAt = at;
    }
}
