/* tests/test_fuzz_replay.c - the fuzzer's corpus as a regression test.

   The case "fuzz/replay" runs every file of tests/fuzz/corpus/ through
   fuzz_check() (tests/fuzz/fuzz_check.c, included here so the test binary
   needs no extra build rule), the same checks the libFuzzer target
   (tests/fuzz/fuzz_dmlref.c, make fuzz) applies, so every build replays the
   corpus with or without libFuzzer. A failing file is named together with the
   decoded case; rerun it alone with build/fuzz/fuzz_dmlref FILE.

   Corpus directory: $DMLREF_FUZZ_CORPUS if set, else tests/fuzz/corpus from
   the current directory (make test runs from the repository root), else
   ../tests/fuzz/corpus and ../../tests/fuzz/corpus.

   The case also checks that the corpus still means something: every operator
   has a file that validates and is compared with the oracle, and one that is
   rejected; dmlref_error_bound succeeds on both scans and refuses an
   arg-reduction, fails with one of its own errors (a bad BoundTensor or bound
   buffer), and small float sums are checked in every float order against
   the bounds (FLOAT16 ones against the exact sums too), small products
   against the exact products, both against the model of the orders in docs/semantics.md;
   and the newer options are covered: each TREE algorithm, NATIVE and WIDE
   accumulation, the identity seed, NAN_COMPARE with a NaN first, a
   comparison with options that must give the same bits, and options.parallel
   (a result equal to the one without it, and work split into tasks); and every
   REDUCE function: each executed OK, each value function's outputs compared
   with the model of docs/semantics.md's "Reductions" (fz_check_reduce), a
   float reduction in EXACT order against exact arithmetic, one in PAIRWISE
   order, LOG_SUM_EXP's plain formula. Without POSIX directories (dirent.h) the
   case does nothing. */
#include "fuzz/fuzz_check.c"

#include "runner.h"
#include "suites.h"

#if defined(__unix__) || defined(__APPLE__)
#include <dirent.h>

#define REPLAY_MAX_FILE (8u << 20)

static const char *replay_corpus_dir(void) {
    static const char *const candidates[] = {"tests/fuzz/corpus", "../tests/fuzz/corpus", "../../tests/fuzz/corpus"};
    const char *env = getenv("DMLREF_FUZZ_CORPUS");
    size_t i;
    if (env && env[0]) return env;
    for (i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        DIR *dir = opendir(candidates[i]);
        if (dir) {
            closedir(dir);
            return candidates[i];
        }
    }
    return candidates[0];
}

static int replay_compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Read a whole file; NULL (and *size 0) when it cannot be read. */
static unsigned char *replay_read(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    unsigned char *data;
    size_t got;
    *size = 0;
    if (!f) return NULL;
    data = (unsigned char *)malloc(REPLAY_MAX_FILE + 1);
    if (!data) {
        fclose(f);
        return NULL;
    }
    got = fread(data, 1, REPLAY_MAX_FILE + 1, f);
    fclose(f);
    if (got > REPLAY_MAX_FILE) {
        free(data);
        return NULL;
    }
    *size = got;
    return data;
}

static void replay_corpus(const void *ctx) {
    static const char *const ops[5] = {"CUMULATIVE_SUMMATION", "CUMULATIVE_PRODUCT", "ARGMIN", "ARGMAX", "REDUCE"};
    const char *dir_path = replay_corpus_dir();
    DIR *dir = opendir(dir_path);
    struct dirent *entry;
    char **names = NULL;
    size_t count = 0, cap = 0, i;
    fuzz_check_stats before = fuzz_stats;
    (void)ctx;
    if (!dir) {
        tr_failf(__FILE__, __LINE__,
                 "cannot open the corpus directory %s (run from the repository root or set DMLREF_FUZZ_CORPUS)",
                 dir_path);
        return;
    }
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        if (count == cap) {
            char **grown = (char **)realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
            if (!grown) break;
            names = grown;
        }
        names[count] = (char *)malloc(strlen(entry->d_name) + 1);
        if (!names[count]) break;
        strcpy(names[count++], entry->d_name);
    }
    closedir(dir);
    if (count) qsort(names, count, sizeof *names, replay_compare_names);
    TR_CHECKF(count >= 20, "%s holds %lu files, expected the seed corpus (at least 20)", dir_path,
              (unsigned long)count);
    for (i = 0; i < count; i++) {
        char path[1024], report[4096];
        unsigned char *data;
        size_t size;
        int failures;
        snprintf(path, sizeof path, "%s/%s", dir_path, names[i]);
        data = replay_read(path, &size);
        if (!data) {
            tr_failf(__FILE__, __LINE__, "cannot read %s", path);
            continue;
        }
        failures = fuzz_check(data, size, report, sizeof report);
        if (failures) {
            tr_failf(__FILE__, __LINE__, "%s: %d failed checks\n%s", path, failures, report);
            fuzz_describe(data, size, stderr);
        }
        free(data);
    }
    for (i = 0; i < 5; i++) {
        TR_CHECKF(fuzz_stats.oracle_by_op[i] > before.oracle_by_op[i],
                  "no corpus file is a valid %s case compared with the oracle", ops[i]);
        TR_CHECKF(fuzz_stats.invalid_by_op[i] > before.invalid_by_op[i], "no corpus file is an invalid %s case",
                  ops[i]);
    }
    for (i = 0; i < 2; i++)
        TR_CHECKF(fuzz_stats.bound_ok_by_op[i] > before.bound_ok_by_op[i],
                  "no corpus file is a %s case dmlref_error_bound accepts", ops[i]);
    TR_CHECKF(fuzz_stats.bound_status[DMLREF_ERROR_UNSUPPORTED_OPERATOR] >
                  before.bound_status[DMLREF_ERROR_UNSUPPORTED_OPERATOR],
              "no corpus file has dmlref_error_bound refuse an operator");
    TR_CHECKF(fuzz_stats.bound_specific > before.bound_specific,
              "no corpus file has dmlref_error_bound fail with one of its own errors");
    TR_CHECKF(fuzz_stats.orders_checked > before.orders_checked,
              "no corpus file is a small float sum checked in every float order");
    TR_CHECKF(fuzz_stats.exact_f16_checked > before.exact_f16_checked,
              "no corpus file is a small FLOAT16 sum checked against the exact sums");
    TR_CHECKF(fuzz_stats.products_checked > before.products_checked,
              "no corpus file is a small float product checked against the exact products");
    TR_CHECKF(fuzz_stats.model_checked > before.model_checked,
              "no corpus file is a small float scan compared with the model of its orders");
    for (i = 0; i < 3; i++)
        TR_CHECKF(fuzz_stats.tree_ok[i] > before.tree_ok[i],
                  "no corpus file is a float scan executed in TREE order with algorithm %lu", (unsigned long)i);
    for (i = 1; i < 3; i++)
        TR_CHECKF(fuzz_stats.accumulation_ok[i] > before.accumulation_ok[i],
                  "no corpus file is a float scan executed with accumulation %lu", (unsigned long)i);
    TR_CHECKF(fuzz_stats.seed_ok > before.seed_ok, "no corpus file is a float sum executed with the identity seed");
    TR_CHECKF(fuzz_stats.compare_patched > before.compare_patched,
              "no corpus file is a float arg-reduction with NAN_COMPARE and a NaN first in traversal order");
    TR_CHECKF(fuzz_stats.reference_runs > before.reference_runs,
              "no corpus file is compared with a run of options that must give the same bits");
    TR_CHECKF(fuzz_stats.parallel_checked > before.parallel_checked,
              "no corpus file compares a call with options.parallel with the same call without it");
    TR_CHECKF(fuzz_stats.parallel_split > before.parallel_split,
              "no corpus file has the library split its work into more than one task");
    for (i = 0; i < 12; i++) {
        TR_CHECKF(fuzz_stats.reduce_ok[i] > before.reduce_ok[i], "no corpus file executes REDUCE with function %s",
                  fz_function_names[i]);
        TR_CHECKF(i < 2 || fuzz_stats.reduce_modelled[i] > before.reduce_modelled[i],
                  "no corpus file compares REDUCE %s with the model of its outputs", fz_function_names[i]);
    }
    TR_CHECKF(fuzz_stats.reduce_exact > before.reduce_exact,
              "no corpus file is a float reduction checked in EXACT order against exact arithmetic");
    TR_CHECKF(fuzz_stats.reduce_pairwise > before.reduce_pairwise,
              "no corpus file is a float reduction checked in PAIRWISE order");
    TR_CHECKF(fuzz_stats.reduce_plain_lse > before.reduce_plain_lse,
              "no corpus file is a LOG_SUM_EXP checked with the plain formula");
    printf("  fuzz/replay: %lu files; dmlref_error_bound ran on %lu (OK %lu, its own errors %lu); every float order "
           "checked on %lu small float sums (%lu FLOAT16 against the exact sums) and %lu products; newer options "
           "(TREE, NATIVE/WIDE, seed, NAN_COMPARE) executed OK on %lu; %lu results with options.parallel equal to "
           "those without, %lu files split into tasks\n",
           (unsigned long)count, fuzz_stats.bound_calls - before.bound_calls, fuzz_stats.bound_ok - before.bound_ok,
           fuzz_stats.bound_specific - before.bound_specific, fuzz_stats.orders_checked - before.orders_checked,
           fuzz_stats.exact_f16_checked - before.exact_f16_checked,
           fuzz_stats.products_checked - before.products_checked, fuzz_stats.new_options_ok - before.new_options_ok,
           fuzz_stats.parallel_checked - before.parallel_checked, fuzz_stats.parallel_split - before.parallel_split);
    {
        unsigned long ok = 0, modelled = 0;
        for (i = 0; i < 12; i++) {
            ok += fuzz_stats.reduce_ok[i] - before.reduce_ok[i];
            modelled += fuzz_stats.reduce_modelled[i] - before.reduce_modelled[i];
        }
        printf("  fuzz/replay: REDUCE executed OK on %lu files, %lu value-function cases against the model (%lu with "
               "EXACT, %lu PAIRWISE, %lu plain LOG_SUM_EXP); %lu feature-level statuses of the lenient set\n",
               ok, modelled, fuzz_stats.reduce_exact - before.reduce_exact,
               fuzz_stats.reduce_pairwise - before.reduce_pairwise,
               fuzz_stats.reduce_plain_lse - before.reduce_plain_lse,
               fuzz_stats.reduce_lenient_level - before.reduce_lenient_level);
    }
    for (i = 0; i < count; i++) free(names[i]);
    free(names);
}

#else
static void replay_corpus(const void *ctx) { (void)ctx; }
#endif

void register_fuzz_replay_tests(void) { tr_add("fuzz/replay", replay_corpus, NULL); }
