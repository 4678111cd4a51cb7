package org.rapgen.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rapgen.engines.rap.RapRegisters;
import org.rapgen.testutil.RepoPaths;

/** The firmware's header spells the system's address map and the RAP engine's CSR offsets as the hardware has them. */
class MemoryMapHeaderTest {
    private static final Pattern DEFINE = Pattern.compile("#define (\\w+) (0x[0-9A-Fa-f]+)u?");

    @Test
    void headerMatchesTheHardware() throws Exception {
        Map<String, Long> h = new HashMap<>();
        Matcher m = DEFINE.matcher(Files.readString(RepoPaths.root().resolve("programs/runtime/rapgen_system.h")));
        while (m.find()) h.put(m.group(1), Long.parseLong(m.group(2).substring(2), 16));
        assertEquals(MemoryMap.SYS_BASE, h.get("RAPGEN_SYS_BASE"));
        assertEquals(MemoryMap.RAP_BASE, h.get("RAPGEN_RAP_BASE"));
        assertEquals(MemoryMap.CONSOLE, h.get("RAPGEN_SYS_CONSOLE"));
        assertEquals(MemoryMap.EXIT, h.get("RAPGEN_SYS_EXIT"));
        assertEquals(MemoryMap.TRACE, h.get("RAPGEN_SYS_TRACE"));
        assertEquals(MemoryMap.STALLS, h.get("RAPGEN_SYS_STALLS"));
        int rap = 0;
        for (Map.Entry<String, Long> e : h.entrySet()) {
            if (!e.getKey().startsWith("RAP_")
                    || e.getKey().startsWith("RAP_CTRL_")
                    || e.getKey().startsWith("RAP_STATUS_")
                    || e.getKey().startsWith("RAP_NODE_VALID")) continue;
            assertEquals(
                    RapRegisters.offset(e.getKey().substring(4)), e.getValue().intValue(), e.getKey());
            rap++;
        }
        assertTrue(rap >= 10, "the header's CSR offsets were not found");
        assertEquals(1L << RapRegisters.get("CTRL").field("snapshot").lsb(), h.get("RAP_CTRL_SNAPSHOT"));
        assertEquals(1L << RapRegisters.get("CTRL").field("enable").lsb(), h.get("RAP_CTRL_ENABLE"));
        assertEquals(1L << RapRegisters.get("STATUS").field("idle").lsb(), h.get("RAP_STATUS_IDLE"));
        assertEquals(1L << RapRegisters.get("STATUS").field("snapshot_busy").lsb(), h.get("RAP_STATUS_SNAPSHOT_BUSY"));
        assertEquals(1L << RapRegisters.get("STATUS").field("readout_busy").lsb(), h.get("RAP_STATUS_READOUT_BUSY"));
        assertEquals(1L << RapRegisters.get("NODE").field("valid").lsb(), h.get("RAP_NODE_VALID"));
    }
}
