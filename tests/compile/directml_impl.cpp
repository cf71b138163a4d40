// tests/compile/directml_impl.cpp - the implementation compiled as C++ after
// DirectML.h (the stand-in in this directory): dml_ref's implementation must
// build on Microsoft's C++ declarations too. Linked with directml_types.cpp.
#include "DirectML.h"
#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h"
