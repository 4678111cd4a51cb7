package org.rapgen.generate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Elaborator.Design;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.lib.FormalTargets;
import org.rapgen.hdl.lib.FormalTargets.Target;

/**
 * Writes the formal proof harnesses for {@code scripts/formal.sh}: for each {@link FormalTargets} target, the proof's
 * Verilog in {@code OUT/<name>/proof} and the mutant's in {@code OUT/<name>/mutant}, and one line per target in
 * {@code OUT/targets.tsv}: name, top module, depth, method ({@code induction} or {@code bmc}), the mutant's bug.
 *
 * <p>Usage: {@code java -cp rapgen.jar org.rapgen.generate.FormalHarnesses OUT [NAME...]} (no names: every target).
 */
public final class FormalHarnesses {
    private FormalHarnesses() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: FormalHarnesses OUT_DIR [TARGET...]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        List<String> only = List.of(args).subList(1, args.length);
        List<String> known = FormalTargets.all().stream().map(Target::name).toList();
        for (String name : only) {
            if (!known.contains(name)) {
                System.err.println("formal: no target '" + name + "'; the targets are " + String.join(", ", known));
                System.exit(2);
            }
        }
        VerilogEmitter emitter = new VerilogEmitter(Version.get());
        List<String> lines = new ArrayList<>();
        for (Target t : FormalTargets.all()) {
            if (!only.isEmpty() && !only.contains(t.name())) continue;
            String top = write(emitter, t.proof(), out.resolve(t.name()).resolve("proof"));
            write(emitter, t.mutant(), out.resolve(t.name()).resolve("mutant"));
            lines.add(String.join(
                    "\t", t.name(), top, String.valueOf(t.depth()), t.induction() ? "induction" : "bmc", t.bug()));
        }
        Files.createDirectories(out);
        Files.write(out.resolve("targets.tsv"), lines, StandardCharsets.UTF_8);
    }

    /** Emits one design into {@code dir} (children first, as {@code files.txt} lists them); returns the top's name. */
    private static String write(VerilogEmitter emitter, Supplier<Module> top, Path dir) throws IOException {
        Design d = Elaborator.elaborate(top);
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, String> f : emitter.emit(d).entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            names.add(f.getKey());
        }
        Files.write(dir.resolve("files.txt"), names, StandardCharsets.UTF_8);
        return d.top().name;
    }
}
