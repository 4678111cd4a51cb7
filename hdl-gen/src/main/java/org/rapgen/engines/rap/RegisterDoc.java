package org.rapgen.engines.rap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renders {@link RapRegisters} as docs/rap-registers.md. {@code RegisterDocTest} fails when the committed file
 * differs; regenerate with {@code java -cp hdl-gen/target/classes org.rapgen.engines.rap.RegisterDoc docs/rap-registers.md}.
 */
public final class RegisterDoc {
    private RegisterDoc() {}

    public static String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("# RAP engine registers (AXI4-Lite)\n\n");
        sb.append(
                "Generated from `hdl-gen/src/main/java/org/rapgen/engines/rap/RapRegisters.java`, the same description\n");
        sb.append("that builds the hardware (`CsrFile`); do not edit by hand (see `RegisterDoc`).\n\n");
        sb.append("- 32-bit registers at byte offsets; the slave decodes ")
                .append(RapRegisters.ADDR_BITS)
                .append(
                        " address bits (a 4 KiB window). Unmapped offsets read 0 and ignore writes; responses are always OKAY.\n");
        sb.append(
                "- A write is taken when AWVALID and WVALID are both high and no write is in progress (AWREADY = WREADY in\n");
        sb.append(
                "  that cycle). It acts on the next clock edge, from registers; BVALID follows once it has acted. WSTRB is\n");
        sb.append(
                "  honoured per field (a field changes only if all its byte lanes are strobed). A read address is taken\n");
        sb.append(
                "  into a register stage (ARREADY is high while it is empty); read data follows the address by two cycles at\n");
        sb.append("  the earliest (longer while earlier read data waits for RREADY or a snapshot is being copied).\n");
        sb.append(
                "- 64-bit values are two registers, `_LO` at the lower offset. Status values (N .. SNAP_FLAGS) are a\n");
        sb.append(
                "  snapshot: write CTRL.snapshot, wait for STATUS.snapshot_busy = 0, then read; all of them describe the same\n");
        sb.append("  moment, after some number of events (UPDATES) with every split and merge of those events done.\n");
        sb.append("- Kinds: RO read-only; RW read/write; PULSE write 1 to act (reads 0).\n\n");
        sb.append("| offset | register | summary |\n|---|---|---|\n");
        for (RapRegisters.Register r : RapRegisters.all()) {
            sb.append(String.format(
                    "| 0x%03X | [%s](#%s) | %s |\n",
                    r.offset(), r.name(), r.name().toLowerCase(), r.doc()));
        }
        for (RapRegisters.Register r : RapRegisters.all()) {
            sb.append("\n## ").append(r.name()).append("\n\n");
            sb.append(String.format("Offset 0x%03X. %s\n\n", r.offset(), r.doc()));
            sb.append("| bits | field | kind | reset | description |\n|---|---|---|---|---|\n");
            for (RapRegisters.Field f : r.fields()) {
                String bits = f.width() == 1 ? Integer.toString(f.lsb()) : (f.lsb() + f.width() - 1) + ":" + f.lsb();
                String reset = f.kind() != RapRegisters.Kind.RW
                        ? "-"
                        : f.reset() < 0 ? "parameter" : "0x" + Long.toHexString(f.reset());
                sb.append("| ")
                        .append(bits)
                        .append(" | ")
                        .append(f.name())
                        .append(" | ")
                        .append(f.kind())
                        .append(" | ")
                        .append(reset)
                        .append(" | ")
                        .append(f.doc())
                        .append(" |\n");
            }
        }
        return sb.toString();
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/rap-registers.md");
        Files.writeString(out, markdown(), StandardCharsets.UTF_8);
    }
}
