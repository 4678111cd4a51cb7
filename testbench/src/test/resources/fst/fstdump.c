/* Test helper: prints an FST file's variables ("var <name> <handle>") and every value change
 * ("<time> <handle> <bits>"), using the FST reader that ships with Verilator. */
#include "fstapi.h"
#include <stdio.h>

static void change(void* user, uint64_t t, fstHandle h, const unsigned char* v) {
    (void)user;
    printf("%llu %u %s\n", (unsigned long long)t, h, (const char*)v);
}

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    void* r = fstReaderOpen(argv[1]);
    if (!r) { fprintf(stderr, "cannot open %s\n", argv[1]); return 1; }
    struct fstHier* h;
    while ((h = fstReaderIterateHier(r))) {
        if (h->htyp == FST_HT_VAR) printf("var %s %u\n", h->u.var.name, h->u.var.handle);
    }
    fstReaderSetFacProcessMaskAll(r);
    fstReaderIterBlocks(r, change, NULL, NULL);
    fstReaderClose(r);
    return 0;
}
