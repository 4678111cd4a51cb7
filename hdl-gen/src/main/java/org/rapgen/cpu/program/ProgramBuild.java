package org.rapgen.cpu.program;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.rapgen.RepositoryRoot;
import org.rapgen.cli.BadInputException;
import org.rapgen.cli.ToolFailedException;
import org.rapgen.cpu.PicoRv32Source;

/**
 * Compiles the programs the PicoRV32 system runs with Debian's RV32 cross-compiler ({@code gcc-riscv64-unknown-elf},
 * multilib {@code rv32im/ilp32}) and picolibc ({@code picolibc-riscv64-unknown-elf}), both installed by
 * scripts/bootstrap.sh. Every program links {@code programs/runtime} (console, exit with the profile readout).
 * picolibc's hosted start-up code passes main's return value to exit, which ends in the runtime's _exit.
 * Programs are compiled without inlining, as Dhrystone's rules ask, so the profile sees their functions as
 * functions. The memory layout: code and constants from 0, data, heap and stack in the upper half.
 */
public final class ProgramBuild {
    /** Program memory in bytes; the system's ProgramRam is this size. */
    public static final int MEMORY_BYTES = 64 * 1024;

    public static final String GCC = "riscv64-unknown-elf-gcc";
    static final List<String> FLAGS = List.of(
            "-march=rv32im",
            "-mabi=ilp32",
            "--specs=picolibc.specs",
            "--crt0=hosted",
            "-O2",
            "-fno-inline",
            "-Wl,--defsym=__flash=0",
            "-Wl,--defsym=__flash_size=0x8000",
            "-Wl,--defsym=__ram=0x8000",
            "-Wl,--defsym=__ram_size=0x8000");

    /** The programs by name: {@code dhrystone} (PicoRV32's own copy) and {@code sort}, with their sizes in keys. */
    public enum Name {
        DHRYSTONE,
        SORT;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private ProgramBuild() {}

    /**
     * Builds {@code program} into {@code work} (a folder) and loads it.
     *
     * @param sortKeys for {@code sort}: how many keys it sorts (a short run for tests, a long one for the benchmark)
     */
    public static Program build(Name program, int sortKeys, Path work) throws IOException {
        Path root = RepositoryRoot.find(ProgramBuild.class)
                .orElseThrow(
                        () -> new BadInputException("cannot find the rapgen checkout (programs/); set -Drapgen.root"));
        Path runtime = root.resolve("programs/runtime");
        List<String> cmd = new ArrayList<>(List.of(GCC));
        cmd.addAll(FLAGS);
        cmd.add("-I" + runtime);
        switch (program) {
            case DHRYSTONE -> {
                Path d = PicoRv32Source.dhrystone();
                // Dhrystone's K&R C: implicit int and undeclared functions are its style, not mistakes here.
                cmd.addAll(List.of(
                        "-DTIME",
                        "-DRISCV",
                        "-Wno-implicit-int",
                        "-Wno-implicit-function-declaration",
                        d.resolve("dhry_1.c").toString(),
                        d.resolve("dhry_2.c").toString(),
                        root.resolve("programs/dhrystone/dhrystone_timer.c").toString()));
            }
            case SORT ->
                cmd.addAll(List.of(
                        "-DSORT_KEYS=" + sortKeys,
                        root.resolve("programs/sort/sort.c").toString()));
        }
        Path elf = work.resolve(program.key() + ".elf");
        cmd.addAll(List.of(runtime.resolve("runtime.c").toString(), "-o", elf.toString()));
        run(cmd, work.resolve(program.key() + "-build.log"));
        Elf32 e = Elf32.read(elf);
        List<BigInteger> image = e.image();
        if (image.size() * 4 > MEMORY_BYTES)
            throw new BadInputException(
                    program.key() + " needs " + image.size() * 4 + " bytes, the memory holds " + MEMORY_BYTES);
        return new Program(program.key(), elf, image, e.functions(), digest(image));
    }

    private static void run(List<String> cmd, Path log) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new BadInputException(
                    GCC
                            + " not found: run scripts/bootstrap.sh (installs gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf)");
        }
        try {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new ToolFailedException(GCC, -1, "timed out", log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while compiling", e);
        }
        if (p.exitValue() != 0)
            throw new ToolFailedException(GCC, p.exitValue(), Files.readString(log, StandardCharsets.UTF_8), log);
    }

    static String digest(List<BigInteger> image) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (BigInteger w : image) md.update((w.toString(16) + ",").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(md.digest()).substring(0, 10);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
