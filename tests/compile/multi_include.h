/* tests/compile/multi_include.h - what multi_include_impl.c exports. */
#ifndef DMLREF_TEST_MULTI_INCLUDE_H
#define DMLREF_TEST_MULTI_INCLUDE_H
#include <stdint.h>
uint32_t multi_include_impl_version(void);
#endif
