/* tests/compile/static_ab.h - what static_a.c exports to static_b.c. */
#ifndef DMLREF_TEST_STATIC_AB_H
#define DMLREF_TEST_STATIC_AB_H
int static_a_argmax(void);
#endif
