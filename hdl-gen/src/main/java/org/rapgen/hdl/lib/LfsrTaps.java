package org.rapgen.hdl.lib;

/**
 * Maximal-length LFSR taps for widths 3..64, from Xilinx XAPP052 (Alfke, "Efficient Shift Registers, LFSR Counters,
 * and Long Pseudo-Random Sequence Generators", 1996), Table 3. Taps are 1-based bit numbers, the width first: for
 * width n with taps {n, a, b, c} the Fibonacci feedback is {@code s[n-1] ^ s[a-1] ^ s[b-1] ^ s[c-1]}. The test suite
 * checks that each one gives a primitive polynomial, i.e. period 2^n - 1.
 */
public final class LfsrTaps {
    private LfsrTaps() {}

    public static final int MIN_WIDTH = 3;
    public static final int MAX_WIDTH = 64;

    private static final int[][] TAPS = {
        {3, 2},
        {4, 3},
        {5, 3},
        {6, 5},
        {7, 6},
        {8, 6, 5, 4},
        {9, 5},
        {10, 7},
        {11, 9},
        {12, 6, 4, 1},
        {13, 4, 3, 1},
        {14, 5, 3, 1},
        {15, 14},
        {16, 15, 13, 4},
        {17, 14},
        {18, 11},
        {19, 6, 2, 1},
        {20, 17},
        {21, 19},
        {22, 21},
        {23, 18},
        {24, 23, 22, 17},
        {25, 22},
        {26, 6, 2, 1},
        {27, 5, 2, 1},
        {28, 25},
        {29, 27},
        {30, 6, 4, 1},
        {31, 28},
        {32, 22, 2, 1},
        {33, 20},
        {34, 27, 2, 1},
        {35, 33},
        {36, 25},
        {37, 5, 4, 3, 2, 1},
        {38, 6, 5, 1},
        {39, 35},
        {40, 38, 21, 19},
        {41, 38},
        {42, 41, 20, 19},
        {43, 42, 38, 37},
        {44, 43, 18, 17},
        {45, 44, 42, 41},
        {46, 45, 26, 25},
        {47, 42},
        {48, 47, 21, 20},
        {49, 40},
        {50, 49, 24, 23},
        {51, 50, 36, 35},
        {52, 49},
        {53, 52, 38, 37},
        {54, 53, 18, 17},
        {55, 31},
        {56, 55, 35, 34},
        {57, 50},
        {58, 39},
        {59, 58, 38, 37},
        {60, 59},
        {61, 60, 46, 45},
        {62, 61, 6, 5},
        {63, 62},
        {64, 63, 61, 60},
    };

    /** The taps for {@code width} (a copy), or null outside 3..64. */
    public static int[] of(int width) {
        if (width < MIN_WIDTH || width > MAX_WIDTH) return null;
        return TAPS[width - MIN_WIDTH].clone();
    }

    /** The feedback mask: bit t-1 set for every tap t. */
    public static long feedbackMask(int width) {
        long m = 0;
        for (int t : of(width)) m |= 1L << (t - 1);
        return m;
    }
}
