package org.rapgen.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
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

/** Elaborates a configuration and renders its Verilog and manifest, in memory (nothing is written here). */
public final class Generator {
    private final VerilogEmitter emitter = new VerilogEmitter(Version.get());
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public GeneratedDesign generate(DesignConfig cfg) {
        DesignCatalog.Entry entry = DesignCatalog.find(cfg.design()).orElseThrow();
        Elaborator.Design design = Elaborator.elaborate(entry.top().apply(cfg.params()));
        Map<String, byte[]> files = new TreeMap<>();
        emitter.emit(design).forEach((name, text) -> files.put(name, text.getBytes(StandardCharsets.UTF_8)));
        files.put("manifest.json", manifest(cfg, design, files));
        return new GeneratedDesign(cfg.name(), design.top().name, files);
    }

    private byte[] manifest(DesignConfig cfg, Elaborator.Design design, Map<String, byte[]> files) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", cfg.name());
        m.put("generator", "rapgen " + Version.get());
        m.put("top", design.top().name);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("design", cfg.design());
        config.put("params", cfg.params());
        config.put("clock_mhz", cfg.clockMhz());
        m.put("config", config);
        // Children first, top last: the order synthesis tools want to read them in.
        List<Map<String, String>> list = new ArrayList<>();
        for (String module : design.elaborations().keySet()) {
            String file = module + ".v";
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("path", file);
            entry.put("sha256", sha256(files.get(file)));
            list.add(entry);
        }
        m.put("files", list);
        try {
            return (json.writeValueAsString(m) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
