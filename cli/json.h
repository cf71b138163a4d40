/* cli/json.h - a small, strict JSON parser (RFC 8259): the dmlref tool's
   `run --desc` files (cli/json_desc.c) and the test suite's data
   (tests/test_conformance.c, through tests/json.h).

   Strict on purpose: a file that does not parse exactly must be refused (a
   test must fail), not be half-read. Rejected: trailing commas, comments, leading zeros, "+1",
   ".5", "1.", NaN/Infinity, single quotes, control characters and invalid
   escapes in strings, lone UTF-16 surrogates, invalid UTF-8, duplicate object
   keys, a byte order mark, anything after the top-level value, nesting deeper
   than JSON_MAX_DEPTH. Errors read "line L, column C: what was expected".

   Usage:
      char err[256];
      json_value *doc = json_parse_file("x.json", err, sizeof err);
      if (!doc) puts(err);
      ... json_get(doc, "name") ...
      json_free(doc);                                                        */
#ifndef DMLREF_JSON_H
#define DMLREF_JSON_H

#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 64

typedef enum json_type {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    /* Member name when this value sits in an object (else NULL), UTF-8,
       NUL-terminated; key_length excludes the NUL (keys may hold \u0000). */
    char *key;
    size_t key_length;
    /* STRING: the decoded UTF-8 text. NUMBER: the literal as written, so that
       integers can be read exactly (json_as_int64). NUL-terminated. */
    char *text;
    size_t text_length;
    double number;        /* NUMBER: the value, rounded to double */
    json_value *children; /* ARRAY items / OBJECT members, in document order */
    size_t count;
};

/* Parse length bytes. Returns NULL on error with a message in err (if given). */
json_value *json_parse(const char *text, size_t length, char *err, size_t err_capacity);

/* Read and parse a whole file; the message names the file on error. */
json_value *json_parse_file(const char *path, char *err, size_t err_capacity);

void json_free(json_value *value);

/* Member of an object by key, or NULL (also when value is NULL or not an object). */
const json_value *json_get(const json_value *object, const char *key);

/* Exact integer reading of a NUMBER written without fraction or exponent.
   Returns 1 and stores the value, or 0 if it is not such a number or does not fit. */
int json_as_int64(const json_value *value, int64_t *out);

/* "null", "false", "true", "number", "string", "array", "object". */
const char *json_type_name(json_type type);

#endif
