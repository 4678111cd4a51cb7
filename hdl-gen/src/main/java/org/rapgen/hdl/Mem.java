package org.rapgen.hdl;

import java.util.List;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.OpKind;
import org.rapgen.hdl.ir.Stmt;

/**
 * Memory with combinational (asynchronous) read; infers distributed/LUT RAM. A read in the same cycle as a write to
 * the same address returns the old contents (the write lands at the clock edge).
 */
public class Mem<T extends Bits> {
    final Memory memory;
    final T type;

    Mem(int depth, T type, boolean syncRead) {
        SourceLoc loc = SourceLoc.capture();
        if (depth < 1) throw new HdlException(loc, "memory depth must be >= 1, got " + depth);
        if (type.isBound()) throw new HdlException(loc, "memory element must be a type, not hardware");
        if (type.width < 0) throw new HdlException(loc, "memory element needs an explicit width");
        this.type = type;
        ModuleContext ctx = Builder.current();
        if (ctx.formal)
            throw new HdlException(
                    loc, "formal properties cannot declare memories; describe the expected contents with registers");
        this.memory = new Memory(new NameSlot("_mem"), depth, type.width, loc, syncRead);
        ctx.def.memories.add(memory);
    }

    public int depth() {
        return memory.depth;
    }

    /** Asynchronous read of {@code mem[addr]}. */
    @SuppressWarnings("unchecked")
    public T read(UInt addr) {
        if (memory.syncRead)
            throw new HdlException(SourceLoc.capture(), "SyncReadMem has no asynchronous read; use read(addr, enable)");
        Bits out = type.ofWidth(type.width);
        out.expr = Builder.current().op(OpKind.MEM_READ, List.of(addr.read()), new int[0], type.isSigned(), memory);
        return (T) out;
    }

    /** Writes {@code data} to {@code mem[addr]} on cycles where the enclosing when-conditions hold. */
    public void write(UInt addr, T data) {
        SourceLoc loc = SourceLoc.capture();
        ModuleContext ctx = Builder.current();
        var a = addr.read();
        var d = data.read();
        if (data.isSigned() != type.isSigned())
            throw new HdlException(loc, "memory write data must be " + type.kindName());
        ctx.checkLater(() -> {
            if (a.width() > memory.addrWidth())
                throw new HdlException(loc, "address is " + a.width() + " bits, memory takes " + memory.addrWidth());
            if (d.width() > memory.width)
                throw new HdlException(
                        loc, "width mismatch: " + d.width() + "-bit data written to " + memory.width + "-bit memory");
        });
        ctx.add(new Stmt.MemWrite(memory, a, d, loc));
    }

    /**
     * Puts a synthesis attribute on the memory's declaration: {@code (* name *)}, e.g. {@code no_rw_check} (Yosys: the
     * design never reads an address in the cycle it writes it, so no read-under-write emulation logic is needed) or,
     * with {@link #attribute(String, String)}, {@code (* ram_style = "block" *)}. Simulation ignores attributes, so an
     * attribute that relaxes the semantics is a promise the design must keep.
     */
    public Mem<T> attribute(String name) {
        return attribute(name, null);
    }

    /** {@code (* name = "value" *)} on the memory's declaration; {@code value} null emits {@code (* name *)}. */
    public Mem<T> attribute(String name, String value) {
        SourceLoc loc = SourceLoc.capture();
        if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_]*"))
            throw new HdlException(
                    loc, "illegal attribute name '" + name + "': use a letter then letters, digits or '_'");
        if (value != null && !value.matches("[A-Za-z0-9_.+-]*"))
            throw new HdlException(
                    loc, "illegal attribute value '" + value + "': use letters, digits, '_', '.', '+' or '-'");
        if (memory.attributes.containsKey(name))
            throw new HdlException(loc, "attribute '" + name + "' is already set on this memory");
        memory.attributes.put(name, value);
        return this;
    }

    /**
     * Power-up contents (not a reset: writes change them for good): word i at address i, the rest of the memory left
     * unset. Emitted as an {@code initial} block, which Verilator, Icarus, Yosys, Vivado and Quartus all take as the
     * RAM's initial contents: a processor's program memory, for instance.
     */
    public Mem<T> init(java.util.List<java.math.BigInteger> words) {
        SourceLoc loc = SourceLoc.capture();
        if (memory.init != null) throw new HdlException(loc, "this memory's contents are already set");
        if (words.size() > memory.depth)
            throw new HdlException(
                    loc, words.size() + " initial words do not fit in a memory of depth " + memory.depth);
        for (int i = 0; i < words.size(); i++) {
            java.math.BigInteger w = words.get(i);
            if (w.signum() < 0 || w.bitLength() > memory.width) {
                throw new HdlException(
                        loc, "initial word " + i + " = " + w + " does not fit in " + memory.width + " unsigned bits");
            }
        }
        memory.init = java.util.List.copyOf(words);
        return this;
    }

    /** Names the memory in the emitted Verilog. */
    public Mem<T> named(String name) {
        Names.checkUserName(name, SourceLoc.capture());
        memory.nameSlot.set(name, true, SourceLoc.capture());
        return this;
    }
}
