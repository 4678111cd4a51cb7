// Raw Verilator baseline for bench/cosim-speed.sh: the same clock loop the JNI batched call
// runs (inputs applied, eval with clock low, sample, rising edge, eval), with no Java at all.
// Usage: raw_counter <cycles> <rounds>; prints the best round as "cycles_per_s checksum".
#include "Vcounter.h"
#include "verilated.h"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? atoll(argv[1]) : 20000000;
    const int rounds = argc > 2 ? atoi(argv[2]) : 3;
    std::vector<uint64_t> en(n), out(n);
    for (int64_t c = 0; c < n; ++c) en[c] = (c % 7) != 0;  // same stimulus as CosimSpeed.java
    double best = 0;
    uint64_t checksum = 0;
    for (int r = 0; r < rounds; ++r) {
        VerilatedContext ctx;
        Vcounter top{&ctx};
        auto t0 = std::chrono::steady_clock::now();
        for (int64_t c = 0; c < n; ++c) {
            top.io_en = en[c];
            top.clock = 0;
            top.eval();
            out[c] = top.io_count;
            top.clock = 1;
            top.eval();
        }
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (n / s > best) best = n / s;
        checksum = 0;
        for (int64_t c = 0; c < n; ++c) checksum += out[c];
        top.final();
    }
    printf("%.0f %llu\n", best, (unsigned long long)checksum);
    return 0;
}
