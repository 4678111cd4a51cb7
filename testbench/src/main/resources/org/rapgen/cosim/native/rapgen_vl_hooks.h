// Force-included (g++ -include) into every translation unit of a model library: the Verilated
// model, the Verilator runtime and the shim. It redirects Verilator's process-level reactions
// to the shim, which must never take the JVM down with it:
//   $finish              -> vl_finish: flag the instance finished, never exit()
//   $stop, $fatal, assertion failures, Verilator fatal errors
//                        -> vl_stop / vl_fatal: stop this instance with a message, never abort()
//   all simulator output -> rapgen_vl_printf: still printed, and its tail kept for the message
#ifndef RAPGEN_VL_HOOKS_H
#define RAPGEN_VL_HOOKS_H
#define VL_USER_FINISH 1
#define VL_USER_STOP 1
#define VL_USER_FATAL 1
#define VL_PRINTF rapgen_vl_printf
int rapgen_vl_printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
