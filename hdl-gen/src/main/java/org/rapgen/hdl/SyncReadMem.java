package org.rapgen.hdl;

import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.Stmt;

/**
 * Memory with synchronous (registered) read, the pattern Vivado, Quartus and Yosys map to block RAM. Read-under-write
 * is defined as read-first: a read of the address being written in the same cycle returns the old contents. The read
 * data holds its value on cycles where the read is not enabled.
 */
public final class SyncReadMem<T extends Bits> extends Mem<T> {
    SyncReadMem(int depth, T type) {
        super(depth, type, true);
    }

    @Override
    public SyncReadMem<T> named(String name) {
        super.named(name);
        return this;
    }

    @Override
    public SyncReadMem<T> attribute(String name) {
        super.attribute(name);
        return this;
    }

    @Override
    public SyncReadMem<T> attribute(String name, String value) {
        super.attribute(name, value);
        return this;
    }

    /** Registered read: the value of {@code mem[addr]} appears one cycle after a cycle where {@code enable} holds. */
    @SuppressWarnings("unchecked")
    public T read(UInt addr, Bool enable) {
        SourceLoc loc = SourceLoc.capture();
        ModuleContext ctx = Builder.current();
        var a = addr.read();
        ctx.checkLater(() -> {
            if (a.width() > memory.addrWidth())
                throw new HdlException(loc, "address is " + a.width() + " bits, memory takes " + memory.addrWidth());
        });
        Bits out = type.ofWidth(type.width);
        Signal rdata =
                ctx.signal(Signal.Kind.MEM_RDATA, out, memory.nameSlot, "_rdata_" + memory.readPorts.size(), loc);
        Memory.ReadPort port = new Memory.ReadPort(rdata, a, loc);
        memory.readPorts.add(port);
        ctx.add(new Stmt.ReadEnable(port, enable.read(), loc));
        out.expr = new Ref(rdata);
        return (T) out;
    }
}
