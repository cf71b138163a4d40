/* The one translation unit of the test binary that holds the implementation. */
#define DML_REF_IMPLEMENTATION
/* Elements per task, at least: small enough that the suite's tensors are split into tasks. */
#define DMLREF_TASK_GRAIN 64
#include "../dml_ref.h"
