/* tests/sched.h - a deterministic dmlref_parallel for the tests: parallel_for
   runs every task on the calling thread, in forward, reverse or shuffled
   (seeded) order, and records what the library asked for. A hostile schedule
   also sets flush-to-zero / denormals-are-zero and rounding toward zero
   around each task (x86 MXCSR, AArch64 FPCR.FZ, <fenv.h>), as a pool thread
   with another floating-point environment would.

   Shared by tests/test_threads.c and the fuzz harness (tests/fuzz/fuzz_check.c),
   so every function is static inline: a file that includes this header and
   uses part of it gets no unused-function warning. Plain C99 that also
   compiles as C++11/17. */
#ifndef DMLREF_TEST_SCHED_H
#define DMLREF_TEST_SCHED_H

#include <fenv.h>
#include <stdint.h>
#include <string.h>

#include "../dml_ref.h"

#if defined(__SSE2__) || defined(_M_X64)
#include <pmmintrin.h>
#include <xmmintrin.h>
#define SCHED_MXCSR 1
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define SCHED_FPCR 1
#endif

#define SCHED_SHUFFLE_MAX 64 /* shuffled orders up to this many tasks; larger counts run forward */

enum { SCHED_FORWARD, SCHED_REVERSE, SCHED_SHUFFLED, SCHED_ORDER_COUNT };

typedef struct sched {
    int order;     /* SCHED_FORWARD, SCHED_REVERSE or SCHED_SHUFFLED */
    int hostile;   /* flush-to-zero and rounding toward zero around each task */
    uint64_t seed; /* the shuffle's state, advanced at every call */
    dmlref_parallel parallel;
    /* what the library asked for */
    unsigned long calls;       /* parallel_for calls */
    unsigned long split_calls; /* ... with task_count > 1 */
    unsigned long bad_calls;   /* ... with task_count 0 or above max_tasks */
    unsigned long env_changed; /* hostile tasks that returned with another rounding or flush mode */
    unsigned long nested;      /* calls made from inside a task (the contract has them in sequence) */
    int depth;                 /* tasks running now */
    uint32_t largest;          /* the largest task_count */
    uint32_t first_bad;        /* the first bad task_count */
} sched;

/* ---- the floating-point environment of a hostile task ------------------------------- */

typedef struct sched_env {
    fenv_t env;
    uint64_t control; /* MXCSR or FPCR */
} sched_env;

static inline uint64_t sched_control(void) {
#if defined(SCHED_MXCSR)
    return _mm_getcsr();
#elif defined(SCHED_FPCR)
    uint64_t v;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
    return v;
#else
    return 0;
#endif
}

static inline void sched_set_control(uint64_t v) {
#if defined(SCHED_MXCSR)
    _mm_setcsr((unsigned int)v);
#elif defined(SCHED_FPCR)
    __asm__ __volatile__("msr fpcr, %0" : : "r"(v));
#else
    (void)v;
#endif
}

/* The rounding and flush bits of the control register (the sticky flags of
   MXCSR left out: a task may raise them). */
static inline uint64_t sched_mode_bits(uint64_t control) {
#if defined(SCHED_MXCSR)
    return control & ~(uint64_t)0x3Fu;
#else
    return control;
#endif
}

/* Save the thread's environment, then flush denormals to zero and round toward zero. */
static inline void sched_env_hostile(sched_env *saved) {
    fegetenv(&saved->env);
    saved->control = sched_control();
#ifdef FE_TOWARDZERO
    fesetround(FE_TOWARDZERO);
#endif
#if defined(SCHED_MXCSR)
    _MM_SET_FLUSH_ZERO_MODE(_MM_FLUSH_ZERO_ON);
    _MM_SET_DENORMALS_ZERO_MODE(_MM_DENORMALS_ZERO_ON);
#elif defined(SCHED_FPCR)
    sched_set_control(sched_control() | ((uint64_t)1 << 24));
#endif
}

static inline void sched_env_restore(const sched_env *saved) {
    fesetenv(&saved->env);
    sched_set_control(saved->control);
}

/* ---- the schedule -------------------------------------------------------------------- */

static inline uint64_t sched_next(uint64_t *state) { /* splitmix64 */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The k-th task to run of task_count, for k = 0 .. task_count - 1 in turn. */
static inline void sched_order(sched *s, uint32_t task_count, uint32_t *order) {
    uint32_t i;
    for (i = 0; i < task_count; i++) order[i] = s->order == SCHED_REVERSE ? task_count - 1u - i : i;
    if (s->order == SCHED_SHUFFLED)
        for (i = task_count; i > 1; i--) { /* Fisher-Yates */
            uint32_t j = (uint32_t)(sched_next(&s->seed) % i), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
}

/* Count a parallel_for call; returns 0 when task_count breaks the contract. */
static inline int sched_record(sched *s, uint32_t task_count) {
    s->calls++;
    if (task_count > 1) s->split_calls++;
    if (task_count > s->largest) s->largest = task_count;
    if (task_count >= 1 && task_count <= s->parallel.max_tasks) return 1;
    if (!s->bad_calls) s->first_bad = task_count;
    s->bad_calls++;
    return 0;
}

static inline void sched_parallel_for(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t index),
                                      void *argument) {
    sched *s = (sched *)context;
    uint32_t order[SCHED_SHUFFLE_MAX], k;
    int shuffled = sched_record(s, task_count) && task_count <= SCHED_SHUFFLE_MAX;
    if (shuffled) sched_order(s, task_count, order);
    if (s->depth) s->nested++;
    s->depth++;
    for (k = 0; k < task_count; k++) {
        const uint32_t index = shuffled ? order[k] : k;
        if (s->hostile) {
            sched_env saved;
            uint64_t mode;
            sched_env_hostile(&saved);
            mode = sched_mode_bits(sched_control());
            task(argument, index);
            if (sched_mode_bits(sched_control()) != mode) s->env_changed++;
            sched_env_restore(&saved);
        } else {
            task(argument, index);
        }
    }
    s->depth--;
}

/* A schedule of max_tasks tasks, its records cleared; s->parallel is what options.parallel points at. */
static inline void sched_init(sched *s, int order, int hostile, uint32_t max_tasks, uint64_t seed) {
    memset(s, 0, sizeof *s);
    s->order = order;
    s->hostile = hostile;
    s->seed = seed;
    s->parallel.parallel_for = sched_parallel_for;
    s->parallel.context = s;
    s->parallel.max_tasks = max_tasks;
}

#endif
