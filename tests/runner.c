/* tests/runner.c - implementation of the test runner (see runner.h). */
#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct tr_case {
    char *name;
    tr_case_fn fn;
    const void *ctx;
} tr_case;

static tr_case *tr_cases;
static size_t tr_count, tr_capacity;
static int tr_current_failures;
static const char *tr_current_name;
static int tr_verbose;

void tr_add(const char *name, tr_case_fn fn, const void *ctx) {
    size_t len = strlen(name);
    if (tr_count == tr_capacity) {
        size_t cap = tr_capacity ? tr_capacity * 2 : 256;
        tr_case *grown = (tr_case *)realloc(tr_cases, cap * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "runner: out of memory registering %s\n", name);
            exit(2);
        }
        tr_cases = grown;
        tr_capacity = cap;
    }
    tr_cases[tr_count].name = (char *)malloc(len + 1);
    if (!tr_cases[tr_count].name) {
        fprintf(stderr, "runner: out of memory registering %s\n", name);
        exit(2);
    }
    memcpy(tr_cases[tr_count].name, name, len + 1);
    tr_cases[tr_count].fn = fn;
    tr_cases[tr_count].ctx = ctx;
    tr_count++;
}

int tr_failf(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    /* Print at most 8 messages per case so a broken case cannot flood the log. */
    if (tr_current_failures < 8) {
        fprintf(stdout, "  FAIL %s (%s:%d): ", tr_current_name ? tr_current_name : "?", file, line);
        va_start(ap, fmt);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
    } else if (tr_current_failures == 8) {
        fprintf(stdout, "  FAIL %s: further failures of this case not shown\n",
                tr_current_name ? tr_current_name : "?");
    }
    tr_current_failures++;
    return 0;
}

int tr_case_failures(void) { return tr_current_failures; }

static char **tr_skips;
static int tr_nskips;

/* A case runs when its name contains a filter (or there is none) and no -x text. */
static int tr_selected(const char *name, int nfilters, char **filters) {
    int i, hit = nfilters == 0;
    for (i = 0; i < tr_nskips; i++)
        if (strstr(name, tr_skips[i])) return 0;
    for (i = 0; i < nfilters && !hit; i++)
        if (strstr(name, filters[i])) hit = 1;
    return hit;
}

/* CPU seconds per suite (the name up to its first '/'), printed before the summary so that every log of
   the CI matrix shows where its time goes. */
#define TR_MAX_SUITES 32
static struct {
    char name[24];
    double seconds;
} tr_suites[TR_MAX_SUITES];
static int tr_suite_count;

static void tr_charge(const char *case_name, double seconds) {
    size_t len = strcspn(case_name, "/");
    int i;
    if (len >= sizeof tr_suites[0].name) len = sizeof tr_suites[0].name - 1;
    for (i = 0; i < tr_suite_count; i++)
        if (strlen(tr_suites[i].name) == len && memcmp(tr_suites[i].name, case_name, len) == 0) break;
    if (i == tr_suite_count) {
        if (i == TR_MAX_SUITES) return;
        memcpy(tr_suites[i].name, case_name, len);
        tr_suites[i].name[len] = '\0';
        tr_suite_count++;
    }
    tr_suites[i].seconds += seconds;
}

static void tr_print_suite_times(void) {
    int i, j, printed = 0;
    double total = 0;
    for (i = 0; i < tr_suite_count; i++) total += tr_suites[i].seconds;
    printf("CPU seconds by suite (%.1f in all):", total);
    for (i = 0; i < tr_suite_count; i++) { /* largest first: selection over a handful of rows */
        int best = -1;
        for (j = 0; j < tr_suite_count; j++)
            if (tr_suites[j].seconds >= 0 && (best < 0 || tr_suites[j].seconds > tr_suites[best].seconds)) best = j;
        printf("%s %s %.1f", printed++ ? "," : "", tr_suites[best].name, tr_suites[best].seconds);
        tr_suites[best].seconds = -1;
    }
    printf("\n");
}

static void tr_free_cases(void) {
    size_t k;
    for (k = 0; k < tr_count; k++) free(tr_cases[k].name);
    free(tr_cases);
}

int tr_main(int argc, char **argv) {
    char **filters = (char **)calloc((size_t)argc + 1, sizeof *filters);
    int nfilters = 0, list = 0, i;
    size_t k, passed = 0, failed = 0;
    clock_t started;
    tr_skips = (char **)calloc((size_t)argc + 1, sizeof *tr_skips);
    if (!filters || !tr_skips) return 2;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) tr_verbose = 1;
        else if (strcmp(argv[i], "-x") == 0 && i + 1 < argc) tr_skips[tr_nskips++] = argv[++i];
        else if (strcmp(argv[i], "-l") == 0) list = 1;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: %s [-v] [-l] [-x TEXT]... [FILTER...]\n"
                   "  FILTER  run only the cases whose name contains one of these substrings\n"
                   "          (suites: examples/ invalid/ random/ onnx/ wpt/ numpy/ golden/ large/ fuzz/\n"
                   "          fpenv/ bigfloat/ exact/ bound/ tree/ peers/ threads/)\n"
                   "  -x TEXT leave out the cases whose name contains TEXT\n"
                   "  -l      list the selected case names and exit\n"
                   "  -v      print every case name as it runs\n"
                   "The last line is \"N passed, N failed\"; the exit status is 0 when every selected case passed.\n",
                   argv[0]);
            free(filters);
            free(tr_skips);
            tr_free_cases();
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "%s: unknown option '%s' (--help lists the options)\n", argv[0], argv[i]);
            free(filters);
            free(tr_skips);
            tr_free_cases();
            return 2;
        } else filters[nfilters++] = argv[i];
    }
    for (k = 0; k < tr_count; k++)
        if (tr_selected(tr_cases[k].name, nfilters, filters)) break;
    if (k == tr_count) {
        fprintf(stderr, "%s: no case name contains", argv[0]);
        for (i = 0; i < nfilters; i++) fprintf(stderr, " '%s'", filters[i]);
        fprintf(stderr, " (-l lists the names)\n");
        free(filters);
        free(tr_skips);
        tr_free_cases();
        return 1;
    }
    for (k = 0; k < tr_count; k++) {
        if (!tr_selected(tr_cases[k].name, nfilters, filters)) continue;
        if (list) {
            printf("%s\n", tr_cases[k].name);
            continue;
        }
        tr_current_name = tr_cases[k].name;
        tr_current_failures = 0;
        if (tr_verbose) printf("  run  %s\n", tr_current_name);
        fflush(stdout);
        started = clock();
        tr_cases[k].fn(tr_cases[k].ctx);
        tr_charge(tr_current_name, (double)(clock() - started) / CLOCKS_PER_SEC);
        if (tr_current_failures) failed++;
        else passed++;
    }
    tr_free_cases();
    free(filters);
    free(tr_skips);
    if (list) return 0;
    tr_print_suite_times();
    printf("%lu passed, %lu failed\n", (unsigned long)passed, (unsigned long)failed);
    return (failed == 0 && passed > 0) ? 0 : 1;
}
