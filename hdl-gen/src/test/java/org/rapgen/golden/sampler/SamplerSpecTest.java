package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SamplerSpecTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "R10; R10",
                "P256; P256",
                "CR10; CR10",
                "H[P256]2048; H[P256]2048",
                "H[R16]1024; H[R16]1024",
                "H[CR8]512; H[CR8]512",
                "H[P256]2048A16; H[P256]2048A16",
                "H[P_256]_2048A_16; H[P256]2048A16",
                "R256A16; R256A16",
                "A16; A16",
                "T[]2048; T[tag=2,ways=2,r=256,evict=16,replace=7]2048",
                "T[tag=2,ways=2,evict=8,replace=3]2048A16; T[tag=2,ways=2,r=256,evict=8,replace=3]2048A16",
                "T[ways=1,tag=4,r=64]512; T[tag=4,ways=1,r=64,evict=16,replace=7]512",
                "R65536; R65536",
                "H[P3]1; H[P3]1",
                "B[100,10]; B[100,10]",
                "B[1000,10]H[P16]256; B[1000,10]H[P16]256",
                "F[0xF,3]B[100,1]A16; F[0xf,0x3]B[100,1]A16",
                "F[0xff00,0x1200]F[1,1]T[]64; F[0xff00,0x1200]F[0x1,0x1]T[tag=2,ways=2,r=256,evict=16,replace=7]64",
            })
    void good(String spec, String canonical) {
        SamplerSpec s = SamplerSpec.parse(spec);
        assertEquals(canonical, s.canonical());
        Sampler m = s.build(SamplerConfig.of(32), new MessageList());
        assertEquals(canonical, m.spec());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "'';1;empty spec",
                "Q10;1;expected R, P, CR, H[...], T[...], V[...], Z or A, found 'Q'",
                "R;2;expected sampling rate r (a decimal number), found end of spec",
                "R0;2;sampling rate must be >= 1, got 0",
                "R65537;2;random sampling rate must be at most 65536",
                "C10;2;expected 'R' after 'C'",
                "H[P256]2000;8;number of strata n must be a power of two in 1..2^24, got 2000",
                "H[P256;7;expected ']', found end of spec",
                "H(P256)2048;2;expected '[', found '('",
                "H[X1]8;3;expected sampler R, P or CR, found 'X'",
                "H[P256]2048B3;12;unexpected 'B'; only an A_k stage may follow",
                "B[10,11]P4;6;burst length b must be 1..s (10), got 11",
                "B[0,1];3;burst period s must be >= 1, got 0",
                "B[10]P4;5;expected ',', found ']'",
                "F[0x3,0x4]A4;7;filter match value has bits outside the mask",
                "F[x,1]A4;3;expected filter mask (a decimal or 0x-hexadecimal number), found 'x'",
                "F[0x1ffffffffffffffff,1];3;filter mask does not fit 64 bits",
                "B[4,2]Q;7;expected B[...], F[...], PH[...], R, P, CR, H[...], T[...], V[...], Z or A, found 'Q'",
                "H[P256]2048A;13;expected table size k (a decimal number)",
                "H[P256]2048A0;13;A_k table size must be 1..65536, got 0",
                "'P256 ';5;unexpected ' '",
                "T[tag=2,foo=3]64;9;unknown tagged compressor parameter 'foo'",
                "T[tag=2,tag=3]64;9;parameter 'tag' given twice",
                "T[ways=3]64;8;ways must be 1 or 2, got 3",
                "T[ways=2]3;10;number of entries must be ways (2) times a power of two",
                "T[tag=]64;7;expected value of tag (a decimal number), found ']'",
                "'T[tag=2 ways=2]64';8;expected ',', found ' '",
                "P99999999999;2;sampling rate r is too large",
                "A16A16;4;unexpected 'A'",
            })
    void bad(String spec, int column, String message) {
        SpecException e = assertThrows(SpecException.class, () -> SamplerSpec.parse(spec));
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains("at column " + column + ": " + message), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void impossibleForKeyWidth() {
        SpecException e = assertThrows(
                SpecException.class,
                () -> SamplerSpec.parse("H[P4]16777216").build(SamplerConfig.of(16), new MessageList()));
        assertTrue(e.getMessage().contains("strata exceed key bits 16"), e.getMessage());
    }
}
