/* The implementation of dml_ref.h as a shared library, for python/dml_ref.py
   (ctypes). `make python` builds it into build/libdml_ref.so. */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"
