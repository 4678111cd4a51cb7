/* The address map of rapgen's PicoRV32 system (hdl-gen: org.rapgen.cpu.MemoryMap; docs/cpu-system.md) and the RAP
 * engine's CSR offsets (docs/rap-registers.md). MemoryMapHeaderTest holds these numbers equal to the Java ones. */
#ifndef RAPGEN_SYSTEM_H
#define RAPGEN_SYSTEM_H

#include <stdint.h>

#define RAPGEN_SYS_BASE 0x10000000u
#define RAPGEN_RAP_BASE 0x20000000u

#define RAPGEN_SYS_CONSOLE 0x0
#define RAPGEN_SYS_EXIT 0x4
#define RAPGEN_SYS_TRACE 0x8
#define RAPGEN_SYS_STALLS 0xC

#define RAPGEN_TRACE_ENABLE 0x1u
#define RAPGEN_TRACE_DRAINED 0x2u

#define RAP_CONFIG1 0x008
#define RAP_CTRL 0x00C
#define RAP_STATUS 0x010
#define RAP_EPS 0x014
#define RAP_SLOT 0x024
#define RAP_NODE 0x028
#define RAP_NODE_PREFIX_LO 0x02C
#define RAP_NODE_COUNT_LO 0x034
#define RAP_NODE_COUNT_HI 0x038
#define RAP_N_LO 0x040
#define RAP_N_HI 0x044
#define RAP_NODES 0x048
#define RAP_SNAP_FLAGS 0x090

#define RAP_CTRL_ENABLE 0x1u
#define RAP_CTRL_SNAPSHOT 0x8u
#define RAP_STATUS_IDLE 0x1u
#define RAP_STATUS_SNAPSHOT_BUSY 0x10u
#define RAP_STATUS_READOUT_BUSY 0x80u
#define RAP_NODE_VALID 0x80000000u

static inline volatile uint32_t *rapgen_sys(uint32_t offset) { return (volatile uint32_t *) (RAPGEN_SYS_BASE + offset); }
static inline volatile uint32_t *rapgen_rap(uint32_t offset) { return (volatile uint32_t *) (RAPGEN_RAP_BASE + offset); }

/* Open and close the engines' view of the processor: only instructions retired in between are profiled. */
void rapgen_trace_on(void);
void rapgen_trace_off(void);

#endif
