// Raw Verilator baseline for bench/cosim-speed.sh: the same clock loop the JNI batched call runs (inputs applied,
// eval with the clock low, outputs sampled, rising edge, eval), with no Java at all, on the FIFO the other modes run.
// raw_top.h (written by CosimSpeed next to the build) includes the model header and defines TOP. Stimulus and checksum are defined in CosimSpeed.java (splitmix64 of the
// cycle number: bit 0 push, bit 1 pop, bits 63..32 data); like the batched mode, stimulus is generated in 1M-cycle
// chunks outside the timed region.
// Usage: raw_fifo <cycles> <rounds> [prefix...]; prints the best round as
// "cycles_per_s checksum_of_all_cycles checksum_after_prefix...".
#include "raw_top.h"
#include "verilated.h"
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static inline uint64_t mix(uint64_t c) {
    uint64_t x = c + 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? atoll(argv[1]) : 10000000;
    const int rounds = argc > 2 ? atoi(argv[2]) : 3;
    std::vector<int64_t> prefixes;
    for (int i = 3; i < argc; ++i) prefixes.push_back(atoll(argv[i]));
    const int64_t chunk = 1 << 20;
    std::vector<uint8_t> push(chunk), pop(chunk), valid(chunk), ready(chunk);
    std::vector<uint32_t> data(chunk), bits(chunk);
    double best = 0;
    uint64_t checksum = 0;
    std::vector<uint64_t> at(prefixes.size());
    for (int r = 0; r < rounds; ++r) {
        VerilatedContext ctx;
        TOP top{&ctx};
        top.reset = 1;
        for (int i = 0; i < 2; ++i) {
            top.clock = 0;
            top.eval();
            top.clock = 1;
            top.eval();
        }
        top.reset = 0;
        double secs = 0;
        checksum = 0;
        for (int64_t done = 0; done < n; done += chunk) {
            const int64_t k = std::min(chunk, n - done);
            for (int64_t c = 0; c < k; ++c) {
                const uint64_t x = mix(done + c);
                push[c] = x & 1;
                pop[c] = (x >> 1) & 1;
                data[c] = (uint32_t)(x >> 32);
            }
            auto t0 = std::chrono::steady_clock::now();
            for (int64_t c = 0; c < k; ++c) {
                top.io_enq_valid = push[c];
                top.io_enq_bits = data[c];
                top.io_deq_ready = pop[c];
                top.clock = 0;
                top.eval();
                ready[c] = top.io_enq_ready;
                valid[c] = top.io_deq_valid;
                bits[c] = top.io_deq_bits;
                top.clock = 1;
                top.eval();
            }
            secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            for (int64_t c = 0; c < k; ++c) {
                const uint64_t sample = ((uint64_t)valid[c] << 33) | ((uint64_t)ready[c] << 32) | (valid[c] ? bits[c] : 0);
                checksum = checksum * 0x100000001B3ULL + sample;
                for (size_t p = 0; p < prefixes.size(); ++p) {
                    if (done + c + 1 == prefixes[p]) at[p] = checksum;
                }
            }
        }
        if (n / secs > best) best = n / secs;
        top.final();
    }
    printf("%.0f %llu", best, (unsigned long long)checksum);
    for (uint64_t a : at) printf(" %llu", (unsigned long long)a);
    printf("\n");
    return 0;
}
