/* cli/main.c - the dmlref tool's entry point: dispatches to the subcommands (cli/cmd_*.c). Usage:
   cli/README.md, or `dmlref --help` and `dmlref SUBCOMMAND --help`. Exit status: 0 success (or within
   tolerance), 1 outside tolerance / bound, 2 any error (bad argument, malformed file, library error). */
#include "cli.h"
#include "ops.h"

#include <stdio.h>
#include <string.h>

static const char *HELP_MAIN = "usage: dmlref SUBCOMMAND [options] ...\n"
                               "  run      run an operator on a .npy input, write a .npy output\n"
                               "  compare  compare two .npy arrays (ULP distances, bound, first difference)\n"
                               "  check    judge a scan output against the EXACT answer and the ANY error bound,\n"
                               "           or a reduction's by its ULP distances to EXACT\n"
                               "  bound    write dmlref_error_bound of a scan (for compare --bound)\n"
                               "  digest   XXH3-64 of a .npy array's data\n"
                               "  explain  find the dml_ref options that reproduce an output bit for bit\n"
                               "  --version, --help; `dmlref SUBCOMMAND --help` for each.\n"
                               "Exit status: 0 success, 1 outside tolerance or bound, 2 error.\n";

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} subcommands[] = {{"run", cmd_run},       {"compare", cmd_compare}, {"check", cmd_check}, {"bound", cmd_bound},
                   {"digest", cmd_digest}, {"explain", cmd_explain}, {"_make", cmd_make}};

int main(int argc, char **argv) {
    const char *cmd;
    size_t k;
    if (argc < 2) {
        fputs(HELP_MAIN, stderr);
        return 2;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(HELP_MAIN, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("dmlref %d.%d.%d (dml_ref.h %d.%d.%d; library %lu; best ISA %s)\n", DMLREF_VERSION_MAJOR,
               DMLREF_VERSION_MINOR, DMLREF_VERSION_PATCH, DMLREF_VERSION_MAJOR, DMLREF_VERSION_MINOR,
               DMLREF_VERSION_PATCH, (unsigned long)dmlref_version_number(), dmlref_isa_name(dmlref_best_isa()));
        return 0;
    }
    for (k = 0; k < sizeof subcommands / sizeof subcommands[0]; k++)
        if (strcmp(cmd, subcommands[k].name) == 0) {
            int rc = subcommands[k].run(argc - 2, argv + 2);
            threads_finish();
            return rc;
        }
    fail("unknown subcommand '%s' (run, compare, check, digest, explain; --help)", cmd);
    return 2;
}
