// Bring-up DUT: combinational 100-bit adder plus a registered copy of the sum,
// exercising wide (VlWide) ports in both directions and a 64-bit port.
module adder (
  input          clock,
  input          reset,
  input  [99:0]  io_a,
  input  [99:0]  io_b,
  input  [63:0]  io_x,
  output [99:0]  io_sum,
  output [99:0]  io_sumReg,
  output [63:0]  io_xInv,
  output [7:0]   io_low
);
  reg [99:0] sumReg;
  always @(posedge clock) begin
    if (reset) sumReg <= 100'd0;
    else       sumReg <= io_a + io_b;
  end
  assign io_sum    = io_a + io_b;
  assign io_sumReg = sumReg;
  assign io_xInv   = ~io_x;
  assign io_low    = io_sum[7:0];
endmodule
