package org.rapgen.config;

import java.util.Map;

/**
 * One design configuration: which generator, its parameters (already range-checked), the output folder name and the
 * target clock.
 */
public record DesignConfig(String file, String name, String design, Map<String, Object> params, double clockMhz) {}
