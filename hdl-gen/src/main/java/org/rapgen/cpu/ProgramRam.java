package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.H;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * The processor's memory: {@code words} 32-bit words in block RAM, one 8-bit RAM per byte lane so that a store writes
 * only its strobed bytes, each lane loaded at power-up with its bytes of the program image. PicoRV32's native
 * handshake: a request ({@code valid}) is answered with {@code ready} and the read data on the next clock, so every
 * access takes two clocks, and the clock after an answer takes no new request (the processor drops valid then).
 */
public final class ProgramRam extends Module {
    public final NativeBus io;

    /**
     * @param words  memory size in 32-bit words, a power of two
     * @param image  the program's words from address 0, at most {@code words}
     * @param digest names the image in the module name, so two programs never share one module name
     */
    public ProgramRam(int words, List<BigInteger> image, String digest) {
        super(D, words, H, digest);
        SourceLoc loc = SourceLoc.capture();
        if (words < 2 || Integer.bitCount(words) != 1)
            throw new HdlException(loc, "ProgramRam size must be a power of two >= 2 words, got " + words);
        if (image.size() > words)
            throw new HdlException(loc, "the program needs " + image.size() + " words, the memory holds " + words);
        int aw = log2Up(words);
        io = IO(new NativeBus(aw));
        Bool request = io.valid.and(io.ready.not()).named("request");
        List<UInt> lanes = new ArrayList<>();
        for (int lane = 0; lane < 4; lane++) {
            List<BigInteger> bytes = new ArrayList<>(image.size());
            for (BigInteger w : image) bytes.add(w.shiftRight(8 * lane).and(BigInteger.valueOf(0xFF)));
            SyncReadMem<UInt> ram = SyncReadMem(words, UInt(8)).named("lane" + lane);
            ram.init(bytes);
            UInt laneData = io.wdata.bits(8 * lane + 7, 8 * lane);
            when(request.and(io.wstrb.bit(lane)), () -> ram.write(io.addr, laneData));
            lanes.add(0, ram.read(io.addr, request));
        }
        io.ready.connect(RegNext(request, B(false)));
        io.rdata.connect(Cat(lanes.toArray(new UInt[0])));
    }
}
