package org.rapgen.cpu.program;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A little-endian 32-bit RISC-V ELF executable, as far as loading it and naming its code need: the bytes each
 * loadable segment puts in memory (at its load address, so initialised data lands where the start-up code copies it
 * from), and the function symbols with their sizes.
 */
public final class Elf32 {
    /** A function of the symbol table: {@code [address, address + size)}. */
    public record Function(String name, long address, long size, boolean global) {}

    private final ByteBuffer b;
    private final Path file;

    private Elf32(Path file, byte[] bytes) {
        this.file = file;
        this.b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 52 || b.getInt(0) != 0x464C457F) throw bad("not an ELF file");
        if (bytes[4] != 1 || bytes[5] != 1) throw bad("not a little-endian 32-bit ELF file");
        if ((b.getShort(18) & 0xFFFF) != 243) throw bad("not a RISC-V ELF file");
    }

    public static Elf32 read(Path file) throws IOException {
        return new Elf32(file, Files.readAllBytes(file));
    }

    /** Memory from address 0 up to the end of the last loadable byte, as little-endian 32-bit words. */
    public List<BigInteger> image() {
        int phoff = b.getInt(28);
        int phentsize = b.getShort(42) & 0xFFFF;
        int phnum = b.getShort(44) & 0xFFFF;
        long end = 0;
        for (int i = 0; i < phnum; i++) {
            int ph = phoff + i * phentsize;
            if (b.getInt(ph) == 1 && b.getInt(ph + 16) > 0)
                end = Math.max(end, u(b.getInt(ph + 12)) + u(b.getInt(ph + 16)));
        }
        if (end > 1 << 24)
            throw bad("loads up to address 0x" + Long.toHexString(end), "too far for a program memory from 0");
        byte[] mem = new byte[(int) ((end + 3) & ~3)];
        for (int i = 0; i < phnum; i++) {
            int ph = phoff + i * phentsize;
            if (b.getInt(ph) != 1 || b.getInt(ph + 16) == 0) continue; // PT_LOAD with bytes in the file (not .bss)
            int offset = b.getInt(ph + 4);
            int paddr = b.getInt(ph + 12);
            int filesz = b.getInt(ph + 16);
            b.get(offset, mem, paddr, filesz);
        }
        List<BigInteger> words = new ArrayList<>(mem.length / 4);
        ByteBuffer m = ByteBuffer.wrap(mem).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < mem.length; i += 4) words.add(BigInteger.valueOf(u(m.getInt(i))));
        return words;
    }

    /** Every function symbol of non-zero size, in address order. */
    public List<Function> functions() {
        int shoff = b.getInt(32);
        int shentsize = b.getShort(46) & 0xFFFF;
        int shnum = b.getShort(48) & 0xFFFF;
        List<Function> out = new ArrayList<>();
        for (int i = 0; i < shnum; i++) {
            int sh = shoff + i * shentsize;
            if (b.getInt(sh + 4) != 2) continue; // SHT_SYMTAB
            int off = b.getInt(sh + 16);
            int size = b.getInt(sh + 20);
            int strtab = shoff + b.getInt(sh + 24) * shentsize;
            int strOff = b.getInt(strtab + 16);
            for (int s = off; s + 16 <= off + size; s += 16) {
                int info = b.get(s + 12) & 0xFF;
                long symSize = u(b.getInt(s + 8));
                if ((info & 0xF) != 2 || symSize == 0) continue; // STT_FUNC
                out.add(new Function(string(strOff + b.getInt(s)), u(b.getInt(s + 4)), symSize, (info >> 4) == 1));
            }
        }
        out.sort((x, y) -> Long.compare(x.address(), y.address()));
        return out;
    }

    private String string(int at) {
        int end = at;
        while (b.get(end) != 0) end++;
        byte[] s = new byte[end - at];
        b.get(at, s);
        return new String(s, StandardCharsets.UTF_8);
    }

    private static long u(int v) {
        return v & 0xFFFF_FFFFL;
    }

    private IllegalArgumentException bad(String... what) {
        return new IllegalArgumentException(file + ": " + String.join(": ", what));
    }
}
