// tests/compile/directml_old_target.cpp - built with -DDML_TARGET_VERSION=0x1000:
// DirectML.h then declares neither DML_AXIS_DIRECTION, DML_FEATURE_LEVEL nor
// the scan and ARGMIN/ARGMAX operators, and dml_ref's declarations (which need
// none of them) must still compile. (The implementation needs 0x3100 or later.)
#include "DirectML.h"
#include "../../dml_ref.h"

#include <cstring>

int main() {
    return dmlref_version_number() == DMLREF_VERSION_NUMBER &&
                   std::strcmp(dmlref_data_type_name(DML_TENSOR_DATA_TYPE_FLOAT32), "FLOAT32") == 0
               ? 0
               : 1;
}
