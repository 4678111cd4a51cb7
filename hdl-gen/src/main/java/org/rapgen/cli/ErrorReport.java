package org.rapgen.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;
import org.rapgen.config.ConfigException;
import org.rapgen.golden.sampler.SpecException;
import org.rapgen.synth.SynthException;
import org.rapgen.trace.TraceFormatException;

/**
 * What a failed command tells its user: one line, and the exit status. Everything a command lets out comes here, so
 * no stack trace reaches a user (SPEC §8). Bad input of any kind, a file that cannot be read or written and a tool
 * that fails exit 2; anything else is a bug in rapgen, reported as an internal error with exit 70 (RAPGEN_DEBUG=1
 * also prints its stack trace), and running out of memory says how to give the JVM more.
 */
final class ErrorReport {
    /** Exit status of an internal error (sysexits' EX_SOFTWARE). */
    static final int INTERNAL_ERROR = 70;

    private ErrorReport() {}

    static int report(Throwable e) {
        String line = e instanceof Exception x ? userLine(x) : null;
        if (line != null) {
            System.err.println("rapgen: " + line);
            return Main.BAD_INPUT;
        }
        if (e instanceof OutOfMemoryError) {
            System.err.println("rapgen: out of memory: give the JVM more heap (RAPGEN_JAVA_OPTS=-Xmx8g ./rapgen ...)");
            return INTERNAL_ERROR;
        }
        System.err.println("rapgen: internal error: " + e.getClass().getSimpleName()
                + (e.getMessage() == null
                        ? ""
                        : ": " + e.getMessage().lines().findFirst().orElse(""))
                + " (a bug in rapgen; RAPGEN_DEBUG=1 prints its stack trace)");
        if (System.getenv("RAPGEN_DEBUG") != null) e.printStackTrace();
        return INTERNAL_ERROR;
    }

    /** The user's line for a failure that is not rapgen's fault, or null. */
    private static String userLine(Exception e) {
        if (e instanceof BadInputException
                || e instanceof ToolFailedException
                || e instanceof ConfigException
                || e instanceof SpecException
                || e instanceof SynthException
                || e instanceof TraceFormatException) {
            return e.getMessage();
        }
        if (e instanceof UncheckedIOException u) return located(u.getCause(), problem(u.getCause()));
        if (e instanceof IOException io) return located(io, problem(io));
        return null;
    }

    /** A failure to create or write a file, as {@code <file>:0: <problem>}: for a command's writes. */
    static String writeFailure(IOException e) {
        return located(e, writeProblem(e));
    }

    /**
     * {@code <file>:0: <problem>}, in words rather than the JDK's exception names (SPEC §8 errors name the file; line 0
     * means the file as a whole).
     */
    private static String located(IOException e, String problem) {
        if (!(e instanceof FileSystemException f) || f.getFile() == null)
            return "cannot read or write a file: " + problem;
        String where = f.getFile();
        if (f.getOtherFile() != null) where = where + " (to " + f.getOtherFile() + ")";
        return where + ":0: " + problem;
    }

    /**
     * What went wrong creating or writing a file. "No such file" there means its folder: missing, or existing but
     * taking no new files (/proc, say).
     */
    static String writeProblem(IOException e) {
        if (e instanceof NoSuchFileException n && n.getFile() != null) {
            Path parent = Path.of(n.getFile()).toAbsolutePath().getParent();
            if (parent != null)
                return Files.isDirectory(parent)
                        ? "cannot be created in " + parent
                        : "folder " + parent + " does not exist";
        }
        return problem(e);
    }

    /** What went wrong with a file, in words. */
    static String problem(IOException e) {
        if (e instanceof NoSuchFileException) return "no such file or folder";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileAlreadyExistsException) return "already exists";
        if (e instanceof NotDirectoryException) return "is not a folder";
        if (e instanceof DirectoryNotEmptyException) return "is a folder that is not empty";
        if (e instanceof FileSystemException f && f.getReason() != null)
            return f.getReason().toLowerCase(Locale.ROOT);
        return e.getMessage() != null ? e.getMessage() : "input/output error";
    }
}
