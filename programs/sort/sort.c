/* A second workload for rapgen's PicoRV32 system, unlike Dhrystone: sort pseudo-random keys (quicksort with an
 * insertion sort for short partitions), then count them in an open-addressing hash table and look every key up again.
 * Its hot code is partition, the insertion sort and the hash probes; Dhrystone's is string copies and compares. */
#include <stdint.h>
#include <stdio.h>
#include "rapgen_system.h"

#ifndef SORT_KEYS
#define SORT_KEYS 1024
#endif
#define TABLE_SLOTS 2048 /* a power of two, over twice the keys */
#define SHORT_PARTITION 12

static uint32_t keys[SORT_KEYS];
static uint32_t table_key[TABLE_SLOTS];
static uint32_t table_count[TABLE_SLOTS];

static uint32_t lcg_state = 12345;

static uint32_t lcg_next(void) {
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8; /* the low bits of an LCG are weak */
}

static void insertion_sort(uint32_t *a, int n) {
    for (int i = 1; i < n; i++) {
        uint32_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static int partition(uint32_t *a, int n) {
    uint32_t pivot = a[n / 2];
    int i = -1, j = n;
    for (;;) {
        do i++; while (a[i] < pivot);
        do j--; while (a[j] > pivot);
        if (i >= j) return j + 1;
        uint32_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void quicksort(uint32_t *a, int n) {
    while (n > SHORT_PARTITION) {
        int m = partition(a, n);
        if (m < n - m) {
            quicksort(a, m);
            a += m;
            n -= m;
        } else {
            quicksort(a + m, n - m);
            n = m;
        }
    }
    insertion_sort(a, n);
}

static uint32_t hash_slot(uint32_t key) {
    return (key * 2654435761u) >> 21; /* Fibonacci hashing into 11 bits */
}

static void hash_insert(uint32_t key) {
    uint32_t s = hash_slot(key);
    while (table_count[s] != 0 && table_key[s] != key) s = (s + 1) & (TABLE_SLOTS - 1);
    table_key[s] = key;
    table_count[s]++;
}

static uint32_t hash_find(uint32_t key) {
    uint32_t s = hash_slot(key);
    while (table_count[s] != 0) {
        if (table_key[s] == key) return table_count[s];
        s = (s + 1) & (TABLE_SLOTS - 1);
    }
    return 0;
}

int main(void) {
    for (int i = 0; i < SORT_KEYS; i++) keys[i] = lcg_next() % (4 * SORT_KEYS);
    rapgen_trace_on();
    quicksort(keys, SORT_KEYS);
    for (int i = 0; i < SORT_KEYS; i++) hash_insert(keys[i]);
    uint32_t found = 0;
    for (int i = 0; i < SORT_KEYS; i++) found += hash_find(keys[i]) != 0;
    rapgen_trace_off();
    int sorted = 1;
    for (int i = 1; i < SORT_KEYS; i++) sorted &= keys[i - 1] <= keys[i];
    printf("sort: %d keys %s, %lu found\n", SORT_KEYS, sorted ? "sorted" : "NOT SORTED", (unsigned long) found);
    return sorted && found == SORT_KEYS ? 0 : 1;
}
