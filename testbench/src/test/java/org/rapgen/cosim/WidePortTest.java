package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** 100-bit and 64-bit ports: values survive the Java -> VlWide -> Java round trip bit-exactly. */
@Cosim(Bringup.Adder.class)
class WidePortTest {
    private static final BigInteger TWO_100 = BigInteger.ONE.shiftLeft(100);

    @Test
    void wideRoundTrip(Sim sim) {
        assertEquals(100, sim.port("io_a").width());
        BigInteger a = new BigInteger("8000000000000000000000001", 16); // bit 99 and bit 0
        BigInteger b = new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFF", 16); // all 100 ones
        sim.poke("io_a", a);
        sim.poke("io_b", b);
        assertEquals(a, sim.peekBig("io_a"));
        assertEquals(b, sim.peekBig("io_b"));
        sim.expect("io_sum", a.add(b).mod(TWO_100));
        assertArrayEquals(
                Words.of(a.add(b).mod(TWO_100), 2),
                sim.peekWords(sim.port("io_sum").id()));
        sim.step();
        sim.expect("io_sumReg", a.add(b).mod(TWO_100));
    }

    @Test
    void pokeTruncatesToPortWidth(Sim sim) {
        sim.poke("io_a", BigInteger.ONE.shiftLeft(120).add(BigInteger.valueOf(5))); // bits above 99 dropped
        sim.poke("io_b", BigInteger.valueOf(-1)); // all ones
        assertEquals(BigInteger.valueOf(5), sim.peekBig("io_a"));
        assertEquals(TWO_100.subtract(BigInteger.ONE), sim.peekBig("io_b"));
        sim.expect("io_sum", 4);
        sim.expect("io_low", 4);
    }

    @Test
    void sixtyFourBitPort(Sim sim) {
        sim.poke("io_x", 0x8000_0000_0000_0001L);
        assertEquals(0x7fff_ffff_ffff_fffeL, sim.peek("io_xInv"));
        sim.poke("io_x", -1L);
        sim.expect("io_xInv", 0);
        sim.poke("io_x", 0);
        sim.expect("io_xInv", -1L); // -1 means all 64 ones
    }

    @Test
    void misuseIsRejected(Sim sim) {
        assertThrows(IllegalArgumentException.class, () -> sim.peek("io_sum"));
        assertThrows(IllegalArgumentException.class, () -> sim.poke("io_sum", 1));
        assertThrows(IllegalArgumentException.class, () -> sim.port("io_nope"));
    }
}
