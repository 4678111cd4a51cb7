package org.rapgen.engines.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rapgen.testutil.RepoPaths;

class RegisterDocTest {
    @Test
    void committedRegisterDocIsCurrent() throws Exception {
        Path doc = RepoPaths.root().resolve("docs/rap-registers.md");
        assertTrue(Files.isRegularFile(doc), "docs/rap-registers.md is missing");
        assertEquals(
                RegisterDoc.markdown(),
                Files.readString(doc, StandardCharsets.UTF_8),
                "docs/rap-registers.md is stale: java -cp hdl-gen/target/classes org.rapgen.engines.rap.RegisterDoc docs/rap-registers.md");
    }

    @Test
    void registersAreAlignedDistinctAndFieldsFitWithoutOverlap() {
        Set<Integer> offsets = new HashSet<>();
        for (RapRegisters.Register r : RapRegisters.all()) {
            assertEquals(0, r.offset() % 4, r.name() + " is not word aligned");
            assertTrue(r.offset() < 1 << RapRegisters.ADDR_BITS, r.name() + " is outside the decoded window");
            assertTrue(offsets.add(r.offset()), r.name() + " shares its offset");
            long used = 0;
            for (RapRegisters.Field f : r.fields()) {
                assertTrue(
                        f.lsb() >= 0 && f.lsb() + f.width() <= 32, r.name() + "." + f.name() + " does not fit 32 bits");
                assertEquals(0, used & f.mask(), r.name() + "." + f.name() + " overlaps another field");
                used |= f.mask();
            }
        }
    }
}
