/* What every program on rapgen's PicoRV32 system links with: stdout on the console register, and an exit that first
 * reads the RAP engine's profile out through its CSRs, as a user's firmware would, and prints it for the host. */
#include <stdio.h>
#include <stdlib.h>
#include "rapgen_system.h"

static void put_char(char c) { *rapgen_sys(RAPGEN_SYS_CONSOLE) = (uint8_t) c; }

static int console_putc(char c, FILE *file) {
    (void) file;
    put_char(c);
    return (uint8_t) c;
}

static FILE console = FDEV_SETUP_STREAM(console_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;

void rapgen_trace_on(void) { *rapgen_sys(RAPGEN_SYS_TRACE) = RAPGEN_TRACE_ENABLE; }

void rapgen_trace_off(void) { *rapgen_sys(RAPGEN_SYS_TRACE) = 0; }

static void wait_clear(uint32_t offset, uint32_t mask) {
    while (*rapgen_rap(offset) & mask) {
    }
}

/* printf would take most of a short run's clocks for the readout; these print hex words directly. */
static void put_str(const char *s) {
    while (*s) put_char(*s++);
}

static void put_hex(uint32_t v, int digits) {
    for (int i = digits - 1; i >= 0; i--) put_char("0123456789abcdef"[(v >> (4 * i)) & 0xF]);
}

static void put_field(uint32_t v) {
    put_char(' ');
    put_hex(v, 8);
}

/* Lines the host parses (docs/cpu-system.md): one status line, one line per node, an end line. Hex throughout. */
static void report_profile(void) {
    rapgen_trace_off();
    while (!(*rapgen_sys(RAPGEN_SYS_TRACE) & RAPGEN_TRACE_DRAINED)) {
    }
    while (!(*rapgen_rap(RAP_STATUS) & RAP_STATUS_IDLE)) {
    }
    *rapgen_rap(RAP_CTRL) = RAP_CTRL_ENABLE | RAP_CTRL_SNAPSHOT;
    wait_clear(RAP_STATUS, RAP_STATUS_SNAPSHOT_BUSY);
    uint32_t slots = *rapgen_rap(RAP_CONFIG1) & 0xFFFFu;
    if (slots == 0) slots = 65536;
    put_str("rap-status ");
    put_hex(*rapgen_rap(RAP_N_HI), 8);
    put_hex(*rapgen_rap(RAP_N_LO), 8);
    put_field(*rapgen_rap(RAP_NODES));
    put_field(*rapgen_rap(RAP_SNAP_FLAGS));
    put_field(*rapgen_rap(RAP_EPS));
    put_char('\n');
    for (uint32_t slot = 0; slot < slots; slot++) {
        *rapgen_rap(RAP_SLOT) = slot;
        wait_clear(RAP_STATUS, RAP_STATUS_READOUT_BUSY);
        uint32_t node = *rapgen_rap(RAP_NODE);
        if (!(node & RAP_NODE_VALID)) continue;
        put_str("rap-node");
        put_field(node & 0xFFu);
        put_field(*rapgen_rap(RAP_NODE_PREFIX_LO));
        put_char(' ');
        put_hex(*rapgen_rap(RAP_NODE_COUNT_HI), 8);
        put_hex(*rapgen_rap(RAP_NODE_COUNT_LO), 8);
        put_char('\n');
    }
    put_str("rap-end");
    put_field(*rapgen_sys(RAPGEN_SYS_STALLS));
    put_char('\n');
}

void _exit(int status) {
    report_profile();
    *rapgen_sys(RAPGEN_SYS_EXIT) = (uint32_t) status;
    for (;;) {
    }
}
