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
  assign io_count = count;
  assign io_wrap  = io_en & (&count);
endmodule
