package org.rapgen.hdl;

import java.util.Set;
import java.util.regex.Pattern;

/** Naming rules for user-chosen names and module parameter suffixes. */
final class Names {
    private static final Pattern LEGAL = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Set<String> RESERVED = Set.of(
            "clock",
            "reset",
            "always",
            "and",
            "assign",
            "automatic",
            "begin",
            "buf",
            "case",
            "casex",
            "casez",
            "cell",
            "cmos",
            "config",
            "deassign",
            "default",
            "defparam",
            "design",
            "disable",
            "edge",
            "else",
            "end",
            "endcase",
            "endconfig",
            "endfunction",
            "endgenerate",
            "endmodule",
            "endprimitive",
            "endspecify",
            "endtable",
            "endtask",
            "event",
            "for",
            "force",
            "forever",
            "fork",
            "function",
            "generate",
            "genvar",
            "highz0",
            "highz1",
            "if",
            "ifnone",
            "incdir",
            "include",
            "initial",
            "inout",
            "input",
            "instance",
            "integer",
            "join",
            "large",
            "liblist",
            "library",
            "localparam",
            "macromodule",
            "medium",
            "module",
            "nand",
            "negedge",
            "nmos",
            "nor",
            "noshowcancelled",
            "not",
            "notif0",
            "notif1",
            "or",
            "output",
            "parameter",
            "pmos",
            "posedge",
            "primitive",
            "pull0",
            "pull1",
            "pulldown",
            "pullup",
            "pulsestyle_onevent",
            "pulsestyle_ondetect",
            "rcmos",
            "real",
            "realtime",
            "reg",
            "release",
            "repeat",
            "rnmos",
            "rpmos",
            "rtran",
            "rtranif0",
            "rtranif1",
            "scalared",
            "showcancelled",
            "signed",
            "small",
            "specify",
            "specparam",
            "strong0",
            "strong1",
            "supply0",
            "supply1",
            "table",
            "task",
            "time",
            "tran",
            "tranif0",
            "tranif1",
            "tri",
            "tri0",
            "tri1",
            "triand",
            "trior",
            "trireg",
            "unsigned",
            "use",
            "uwire",
            "vectored",
            "wait",
            "wand",
            "weak0",
            "weak1",
            "while",
            "wire",
            "wor",
            "xnor",
            "xor",
            "logic",
            "bit",
            "byte",
            "int",
            "shortint",
            "longint",
            "string",
            "struct",
            "union",
            "enum",
            "interface",
            "package",
            "import",
            "export",
            "class",
            "program",
            "property",
            "sequence",
            "assert",
            "assume",
            "cover");

    private Names() {}

    static void checkUserName(String name, SourceLoc loc) {
        if (name == null || !LEGAL.matcher(name).matches()) {
            throw new HdlException(
                    loc,
                    "illegal name '" + name
                            + "': use a letter then letters, digits or '_' ('_'-prefixed names are reserved for temporaries)");
        }
        if (RESERVED.contains(name))
            throw new HdlException(
                    loc, "name '" + name + "' is reserved (Verilog/SystemVerilog keyword or implicit port)");
    }

    /** A parameter value as it appears in a module name: integers as digits, booleans as 0/1, others sanitized. */
    static String paramValue(Object v) {
        if (v instanceof Boolean b) return b ? "1" : "0";
        String s = String.valueOf(v).replaceAll("[^A-Za-z0-9]", "");
        if (s.isEmpty())
            throw new HdlException(
                    SourceLoc.capture(),
                    "module parameter value '" + v + "' has no usable characters for a module name");
        return s;
    }

    static String lowerCamel(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
