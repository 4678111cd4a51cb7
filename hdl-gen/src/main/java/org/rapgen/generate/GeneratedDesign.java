package org.rapgen.generate;

import java.util.Map;

/**
 * One design's output folder contents: file name -> bytes, including {@code manifest.json}; and the facts its FPGA
 * build files are rendered from.
 */
public record GeneratedDesign(String name, String top, Map<String, byte[]> files, DesignFacts facts) {}
