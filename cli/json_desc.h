/* cli/json_desc.h - `dmlref run --desc`: a DirectML operator described in DxDispatch's JSON (one
   dispatchable, or a model's single DirectML operator), read with cli/json.c (cli/README.md). */
#ifndef DMLREF_CLI_JSON_DESC_H
#define DMLREF_CLI_JSON_DESC_H

#include "npy.h"

typedef struct jtensor {
    DML_TENSOR_DATA_TYPE type;
    unsigned rank;
    UINT sizes[MAX_RANK];
    int has_strides; /* the number of Strides + 1; 0: none given */
    UINT strides[MAX_RANK];
} jtensor;

typedef struct jdesc {
    const dmlref_operator_info *op; /* an implemented row of the operator table */
    jtensor in, out;
    long axis;      /* scans */
    int reverse;    /* AxisDirection DECREASING */
    int exclusive;  /* HasExclusiveSum / HasExclusiveProduct */
    unsigned naxes; /* reductions */
    long axes[MAX_RANK];
} jdesc;

/* Reads the dispatchable of the JSON file `path` (in a model, the one named `want`, or its only DirectML
   operator when `want` is NULL): 0, or 2 after a message. */
int jdesc_load(const char *path, const char *want, jdesc *jd);

/* The tensor `field` of the desc against the data: DataType `type` and the Sizes, and Strides (if given)
   that describe `strides` (NULL: packed C order) on every dimension longer than 1; 0 after a message
   naming `what`. */
int jtensor_check(const jtensor *t, const char *field, DML_TENSOR_DATA_TYPE type, unsigned rank, const UINT *sizes,
                  const UINT *strides, const char *what);

#endif
