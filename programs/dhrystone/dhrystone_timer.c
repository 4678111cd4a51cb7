/* Dhrystone (compiled with -DTIME -DRISCV) reads time() and insn() just before and just after its timed loop. Here
 * they also open and close the trace, so the engines profile exactly the measured runs, not the set-up and printing. */
#include "rapgen_system.h"

static int calls;

long time(void) {
    int cycles;
    if (calls++ % 2 == 0) rapgen_trace_on(); else rapgen_trace_off();
    __asm__ volatile("rdcycle %0" : "=r"(cycles));
    return cycles;
}

long insn(void) {
    int instructions;
    __asm__ volatile("rdinstret %0" : "=r"(instructions));
    return instructions;
}
