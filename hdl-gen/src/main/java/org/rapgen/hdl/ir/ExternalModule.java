package org.rapgen.hdl.ir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a {@code BlackBox} stands for: a Verilog module that rapgen does not emit. The parent instantiates it by
 * {@code verilogName} with these parameter overrides; the tools that read the design (Verilator, Yosys) are given
 * {@code sources} and {@code defines} beside the generated files.
 *
 * @param params    parameter name -> Verilog constant expression, in declaration order
 * @param clockPort   the port that takes the parent's clock directly (no continuous assign in between), or null
 * @param openOutputs the Verilog module's outputs the BlackBox does not declare, name -> width: the parent connects
 *                    each to a wire that nothing reads, so every pin of the instance is connected (lint)
 */
public record ExternalModule(
        String verilogName,
        List<Path> sources,
        List<String> defines,
        Map<String, String> params,
        String clockPort,
        Map<String, Integer> openOutputs) {}
