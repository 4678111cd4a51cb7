// An external module for BlackBoxTest: a registered adder with a parameter in its port widths, a port under `ifdef,
// comments and attributes in the header, and an output a BlackBox may leave undeclared.
`default_nettype none
module ext_adder #(
    parameter WIDTH = 8, /* a range below uses it */
    parameter [31:0] OFFSET = 32'h 0000_0001
) (
    input wire clk,
    input wire [WIDTH-1:0] a, b,
    output reg [WIDTH:0] sum, // registered a + b + OFFSET
`ifdef WITH_SPARE
    output wire spare,
`endif
    output wire [3:0] status
);
    localparam [WIDTH:0] ADD = OFFSET[WIDTH:0];
    always @(posedge clk) sum <= {1'b0, a} + {1'b0, b} + ADD;
`ifdef WITH_SPARE
    assign spare = 1'b1;
`endif
    assign status = 4'h5;
endmodule
`default_nettype wire
