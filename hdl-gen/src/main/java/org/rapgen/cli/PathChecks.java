package org.rapgen.cli;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The checks of a command's file options ({@link PathOption}), made once here for every command before it runs:
 * <ul>
 *   <li>an output file's folder exists, is a folder and can be written, and the file is not a folder;</li>
 *   <li>an output folder is a folder, or can be made: its nearest existing parent is a folder that can be written;</li>
 *   <li>no two outputs name one file, and no output is an input.</li>
 * </ul>
 * So a bad output fails before a long build or trace, with nothing written.
 */
final class PathChecks {
    private PathChecks() {}

    private record Given(String option, Path path, PathOption.Kind kind) {
        Path absolute() {
            return path.toAbsolutePath().normalize();
        }
    }

    static void check(CommandLine.ParseResult parsed) {
        while (parsed.hasSubcommand()) parsed = parsed.subcommand();
        Object command = parsed.commandSpec().userObject();
        List<Given> given = given(command);
        for (Given g : given) {
            if (g.kind() == PathOption.Kind.OUTPUT_FILE) checkFile(g);
            if (g.kind() == PathOption.Kind.OUTPUT_FOLDER) checkFolder(g);
        }
        for (int i = 0; i < given.size(); i++) {
            for (int j = i + 1; j < given.size(); j++) {
                Given a = given.get(i);
                Given b = given.get(j);
                // Inputs may repeat, and two output folders may be one (generate --out . --fpga-root .).
                if (a.kind() != PathOption.Kind.OUTPUT_FILE
                        && b.kind() != PathOption.Kind.OUTPUT_FILE
                        && (a.kind() == PathOption.Kind.INPUT) == (b.kind() == PathOption.Kind.INPUT)) continue;
                if (!samePlace(a.absolute(), b.absolute())) continue;
                Given out = b.kind() == PathOption.Kind.INPUT ? a : b;
                Given other = out == a ? b : a;
                throw new BadInputException(out.path() + ":0: " + out.option()
                        + (other.kind() == PathOption.Kind.INPUT
                                ? " would overwrite the " + other.option() + " input"
                                : " is also given for " + other.option()));
            }
        }
    }

    /**
     * The command's path options that were given, in declaration order (repeatable options once per value), its
     * mixins' included.
     */
    private static List<Given> given(Object command) {
        List<Given> out = new ArrayList<>();
        for (Class<?> k = command.getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                PathOption p = f.getAnnotation(PathOption.class);
                Option o = f.getAnnotation(Option.class);
                if (f.isAnnotationPresent(CommandLine.Mixin.class)) {
                    Object mixin = value(f, command);
                    if (mixin != null) out.addAll(given(mixin));
                }
                if (p == null || o == null) continue;
                Object v = value(f, command);
                if (v instanceof Path path) out.add(new Given(o.names()[0], path, p.value()));
                if (v instanceof Collection<?> c) {
                    for (Object e : c) if (e instanceof Path path) out.add(new Given(o.names()[0], path, p.value()));
                }
            }
        }
        return out;
    }

    private static Object value(Field f, Object owner) {
        try {
            f.setAccessible(true);
            return f.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One file: the same path, or two names of one existing file (a link). */
    private static boolean samePlace(Path a, Path b) {
        if (a.equals(b)) return true;
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static void checkFile(Given g) {
        Path target = g.absolute();
        if (Files.isDirectory(target)) throw bad(g, "is a folder, not a file");
        Path dir = target.getParent();
        if (dir == null || !Files.exists(dir)) throw bad(g, "folder " + dir + " does not exist");
        if (!Files.isDirectory(dir)) throw bad(g, dir + " is a file, not a folder");
        if (!Files.isWritable(dir)) throw bad(g, "cannot write in folder " + dir + " (read-only or no permission)");
    }

    private static void checkFolder(Given g) {
        Path dir = g.absolute();
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) throw bad(g, "is a file, not a folder");
            if (!Files.isWritable(dir)) throw bad(g, "cannot write in this folder (read-only or no permission)");
            return;
        }
        Path parent = dir.getParent();
        while (parent != null && !Files.exists(parent)) parent = parent.getParent();
        if (parent == null) throw bad(g, "no existing folder above it");
        if (!Files.isDirectory(parent)) throw bad(g, parent + " is a file, not a folder");
        if (!Files.isWritable(parent)) throw bad(g, "cannot create it in " + parent + " (read-only or no permission)");
    }

    private static BadInputException bad(Given g, String problem) {
        return new BadInputException(g.path() + ":0: " + g.option() + ": " + problem);
    }
}
