/* cli/cli.h - what the dmlref tool's files share (cli/README.md): one-line errors, allocation, whole-file
   reads, small argument helpers (cli/util.c) and the subcommands (cli/cmd_*.c). Exit status of every
   subcommand: 0 success, 1 outside tolerance / bound / no reproduction, 2 any error. */
#ifndef DMLREF_CLI_H
#define DMLREF_CLI_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

extern int g_quiet; /* nonzero: fail() prints nothing (the fuzz target) */

/* One-line message on stderr, "dmlref: ..."; the caller returns 2. */
void fail(const char *fmt, ...) CLI_PRINTF(1, 2);
/* calloc that exits with status 2 when out of memory. */
void *xcalloc(size_t n);
/* A whole file (its size in *size); NULL after a message. */
unsigned char *read_file(const char *path, size_t *size);
/* A decimal long, the whole string. */
int parse_long(const char *s, long *v);
/* --help or -h among the arguments. */
int wants_help(int argc, char **argv);

/* The subcommands: argc/argv are the arguments after the subcommand's name. */
int cmd_run(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_bound(int argc, char **argv);
int cmd_digest(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_make(int argc, char **argv); /* hidden `_make`: writes the tests' inputs */

#endif
