package org.rapgen.hdl;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Comments, conditional compilation and tokens of Verilog source, as far as {@link VerilogHeader} needs them. */
final class VerilogTokens {
    private VerilogTokens() {}

    /**
     * The text with comments blanked and {@code `ifdef} branches not taken blanked, newlines kept so that token lines
     * stay the file's. {@code `define NAME} adds NAME for the lines after it; other directives are dropped.
     */
    static String preprocess(String text, Set<String> defines, Path file) {
        Set<String> defined = new HashSet<>(defines);
        StringBuilder out = new StringBuilder(text.length());
        // Each open `ifdef: whether its taken branch is active, and whether a branch was taken already.
        Deque<boolean[]> conds = new ArrayDeque<>();
        int line = 1;
        for (String raw : stripComments(text).split("\n", -1)) {
            String s = raw.strip();
            boolean active = conds.stream().allMatch(c -> c[0]);
            if (s.startsWith("`")) {
                String[] w = s.substring(1).split("\\s+");
                switch (w[0]) {
                    case "ifdef", "ifndef" -> {
                        boolean taken = defined.contains(arg(w, file, line)) == w[0].equals("ifdef");
                        conds.push(new boolean[] {taken, taken});
                    }
                    case "elsif" -> {
                        boolean[] c = top(conds, file, line);
                        c[0] = !c[1] && defined.contains(arg(w, file, line));
                        c[1] |= c[0];
                    }
                    case "else" -> {
                        boolean[] c = top(conds, file, line);
                        c[0] = !c[1];
                        c[1] = true;
                    }
                    case "endif" -> {
                        top(conds, file, line);
                        conds.pop();
                    }
                    case "define" -> {
                        if (active) defined.add(arg(w, file, line));
                    }
                    case "undef" -> {
                        if (active) defined.remove(arg(w, file, line));
                    }
                    default -> {
                        if (!active) break;
                        out.append(raw);
                    }
                }
            } else if (active) {
                out.append(raw);
            }
            out.append('\n');
            line++;
        }
        return out.toString();
    }

    private static String arg(String[] words, Path file, int line) {
        if (words.length < 2)
            throw new IllegalArgumentException(file + ":" + line + ": `" + words[0] + " needs a name");
        return words[1];
    }

    private static boolean[] top(Deque<boolean[]> conds, Path file, int line) {
        if (conds.isEmpty())
            throw new IllegalArgumentException(file + ":" + line + ": `else/`elsif/`endif without `ifdef");
        return conds.peek();
    }

    /** Comments and string contents become spaces; newlines stay. */
    private static String stripComments(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                while (i < text.length() && text.charAt(i) != '\n') i++;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? text.length() : end + 2;
                for (int k = i; k < end; k++) out.append(text.charAt(k) == '\n' ? '\n' : ' ');
                i = end;
            } else if (c == '"') {
                out.append(c);
                i++;
                while (i < text.length() && text.charAt(i) != '"' && text.charAt(i) != '\n') {
                    if (text.charAt(i) == '\\') i++;
                    i++;
                    out.append(' ');
                }
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Tokens of a constant expression written without line structure (a parameter override). */
    static List<String> tokenize(String text) {
        List<String> tokens = new ArrayList<>();
        tokenize(text, tokens, new ArrayList<>());
        return tokens;
    }

    /**
     * Identifiers, numbers (a based literal, {@code 32'h ffff_ffff} included, is one token without spaces), and
     * single-character punctuation, except the two-character shifts; {@code lines} gets each token's line.
     */
    static void tokenize(String text, List<String> tokens, List<Integer> lines) {
        int line = 1;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetter(c) || c == '_' || c == '$' || c == '`') {
                int s = i++;
                while (i < text.length()
                        && (Character.isLetterOrDigit(text.charAt(i))
                                || text.charAt(i) == '_'
                                || text.charAt(i) == '$')) i++;
                tokens.add(text.substring(s, i));
                lines.add(line);
            } else if (Character.isDigit(c) || c == '\'') {
                StringBuilder t = new StringBuilder();
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_'))
                    t.append(text.charAt(i++));
                if (i < text.length() && text.charAt(i) == '\'') {
                    t.append(text.charAt(i++));
                    while (i < text.length() && (Character.isLetter(text.charAt(i)))) t.append(text.charAt(i++));
                    while (i < text.length() && text.charAt(i) == ' ') i++;
                    while (i < text.length()
                            && (Character.isLetterOrDigit(text.charAt(i))
                                    || text.charAt(i) == '_'
                                    || text.charAt(i) == '?')) t.append(text.charAt(i++));
                }
                tokens.add(t.toString());
                lines.add(line);
            } else if ((c == '<' || c == '>') && i + 1 < text.length() && text.charAt(i + 1) == c) {
                tokens.add(text.substring(i, i + 2));
                lines.add(line);
                i += 2;
            } else {
                tokens.add(String.valueOf(c));
                lines.add(line);
                i++;
            }
        }
    }
}
