package org.rapgen.cpu.program;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;

/**
 * A program built for the PicoRV32 system: its ELF, the memory image loaded from it, its functions, and a short
 * digest of the image that names the hardware built around it.
 */
public record Program(String name, Path elf, List<BigInteger> image, List<Elf32.Function> functions, String digest) {}
