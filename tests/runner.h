/* tests/runner.h - the test runner of dml_ref's suite, in the spirit of utest.h.

   Cases are registered by name (tr_add), run in registration order, and the run
   ends with the line "N passed, N failed". A case fails when any TR_CHECK in it
   fails; it keeps running after a failed check so one run shows every problem.

   Usage of the test binary:  dmlref_tests [-v] [-l] [FILTER...]
     FILTER   run only cases whose name contains one of these substrings
     -l       list the case names and exit
     -v       print every case name as it runs                                  */
#ifndef DMLREF_TEST_RUNNER_H
#define DMLREF_TEST_RUNNER_H

#include <stdarg.h>
#include <stddef.h>

typedef void (*tr_case_fn)(const void *ctx);

/* Register a case; the name is copied, ctx is passed back to fn untouched. */
void tr_add(const char *name, tr_case_fn fn, const void *ctx);

/* Record a failed expectation in the current case, printf-style. Returns 0. */
int tr_failf(const char *file, int line, const char *fmt, ...);

#define TR_CHECK(cond) ((cond) ? 1 : tr_failf(__FILE__, __LINE__, "check failed: %s", #cond))
#define TR_CHECKF(cond, ...) ((cond) ? 1 : tr_failf(__FILE__, __LINE__, __VA_ARGS__))

/* Number of failed checks in the current case so far. */
int tr_case_failures(void);

/* Parse the command line, run the selected cases, print the summary line.
   Returns 0 when every selected case passed (and at least one ran). */
int tr_main(int argc, char **argv);

#endif
