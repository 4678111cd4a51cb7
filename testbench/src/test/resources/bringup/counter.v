// Bring-up DUT: 32-bit counter with enable and synchronous load; active-high synchronous reset.
module counter (
  input         clock,
  input         reset,
  input         io_en,
  input         io_load,
  input  [31:0] io_loadValue,
  output [31:0] io_count,
  output        io_wrap      // combinational: count is all ones and enabled
);
  reg [31:0] count;
  always @(posedge clock) begin
    if (reset)        count <= 32'd0;
    else if (io_load) count <= io_loadValue;
    else if (io_en)   count <= count + 32'd1;
  end
  // Simulation-only checks, so the harness tests can see the DUT stop or finish:
  // loading 32'hDEADBEEF is "illegal" ($stop); loading 32'hF1415400 ends the test ($finish).
  always @(posedge clock) begin
    if (!reset && io_load && io_loadValue == 32'hDEADBEEF) begin
      $display("counter: illegal load value %h", io_loadValue);
      $stop;
    end
    if (!reset && io_load && io_loadValue == 32'hF1415400) $finish;
  end

  assign io_count = count;
  assign io_wrap  = io_en & (&count);
endmodule
