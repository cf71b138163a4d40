/* The one translation unit of the test binary that holds the implementation. */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"
