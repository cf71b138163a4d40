/* tests/compile/multi_include_impl.c - with multi_include_main.c: the header
   included several times in one translation unit (declarations twice, then the
   implementation twice), and the implementation in this TU linked with
   declarations-only users in another (xxHash's multiInclude.c, in spirit). */
#include "../../dml_ref.h"
#include "../../dml_ref.h" /* declarations again: the include guard */

#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h" /* the implementation after the declarations */
#include "../../dml_ref.h" /* and again: compiled only once */

#include "multi_include.h"

/* A user of the API in the implementation's own TU. */
uint32_t multi_include_impl_version(void) { return dmlref_version_number(); }
