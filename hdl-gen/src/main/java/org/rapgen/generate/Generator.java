package org.rapgen.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rapgen.Version;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.DesignCatalog;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.emit.VerilogEmitter;

/**
 * Elaborates a configuration and renders its Verilog, constraints, FuseSoC core and manifest, in memory (nothing is
 * written here).
 */
public final class Generator {
    private final VerilogEmitter emitter = new VerilogEmitter(Version.get());
    private final FpgaDeliverables fpga = new FpgaDeliverables();
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public GeneratedDesign generate(DesignConfig cfg) {
        DesignCatalog.Entry entry = DesignCatalog.find(cfg.design()).orElseThrow();
        Elaborator.Design design = Elaborator.elaborate(entry.top().apply(cfg.params()));
        Map<String, byte[]> files = new TreeMap<>();
        Map<String, String> verilog = emitter.emit(design);
        verilog.forEach((name, text) -> files.put(name, utf8(text)));
        DesignFacts facts = new DesignFacts(
                cfg.name(),
                design.top().name,
                Version.get(),
                cfg.design(),
                cfg.clockMhz(),
                Port.of(design.top()),
                List.copyOf(verilog.keySet()));
        Map<String, String> support = fpga.designFolder(facts);
        support.forEach((name, text) -> files.put(name, utf8(text)));
        files.put("manifest.json", manifest(cfg, facts, files, support.keySet()));
        return new GeneratedDesign(cfg.name(), design.top().name, files, facts);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] manifest(
            DesignConfig cfg, DesignFacts facts, Map<String, byte[]> files, Collection<String> support) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", cfg.name());
        m.put("generator", "rapgen " + Version.get());
        m.put("top", facts.top());
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("design", cfg.design());
        config.put("params", cfg.params());
        config.put("clock_mhz", cfg.clockMhz());
        m.put("config", config);
        m.put("ports", facts.ports().stream().map(Port::declaration).toList());
        List<Map<String, Object>> interfaces = new ArrayList<>();
        for (PortGroup g : facts.groups()) {
            if (g.protocol().equals(PortGroup.OTHER)) continue;
            Map<String, Object> i = new LinkedHashMap<>();
            i.put("name", g.name());
            i.put("protocol", g.protocol());
            interfaces.add(i);
        }
        m.put("interfaces", interfaces);
        // Children first, top last: the order synthesis tools want to read them in.
        m.put("files", hashed(facts.rtlFiles(), files));
        m.put("fpga_files", hashed(support, files));
        try {
            return (json.writeValueAsString(m) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Map<String, String>> hashed(Collection<String> names, Map<String, byte[]> files) {
        List<Map<String, String>> list = new ArrayList<>();
        for (String file : names) {
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("path", file);
            entry.put("sha256", sha256(files.get(file)));
            list.add(entry);
        }
        return list;
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
