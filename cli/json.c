/* cli/json.c - implementation of the strict JSON parser (see json.h). */
#include "json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct json_parser {
    const char *text;
    size_t length, pos;
    char *err;
    size_t err_capacity;
    int failed;
} json_parser;

/* Record the first error only: later ones are consequences of it. Reports the
   1-based line and column (in bytes) of pos. */
static void json__fail(json_parser *p, size_t pos, const char *fmt, ...) {
    size_t i, line = 1, column = 1;
    int n;
    va_list ap;
    if (p->failed) return;
    p->failed = 1;
    if (!p->err || p->err_capacity == 0) return;
    for (i = 0; i < pos && i < p->length; i++) {
        if (p->text[i] == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }
    n = snprintf(p->err, p->err_capacity, "line %lu, column %lu: ", (unsigned long)line, (unsigned long)column);
    if (n < 0 || (size_t)n >= p->err_capacity) return;
    va_start(ap, fmt);
    vsnprintf(p->err + n, p->err_capacity - (size_t)n, fmt, ap);
    va_end(ap);
}

/* A printable description of the byte at pos for error messages. */
static const char *json__describe(const json_parser *p, size_t pos, char buf[16]) {
    unsigned char c;
    if (pos >= p->length) return "end of input";
    c = (unsigned char)p->text[pos];
    if (c >= 0x20 && c < 0x7F) sprintf(buf, "'%c'", (char)c);
    else sprintf(buf, "byte 0x%02X", (unsigned)c);
    return buf;
}

static void json__skip_ws(json_parser *p) {
    while (p->pos < p->length) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        p->pos++;
    }
}

/* Growable byte buffer for decoded strings. */
typedef struct json__buf {
    char *data;
    size_t length, capacity;
} json__buf;

static int json__put(json__buf *b, const char *bytes, size_t n) {
    if (b->length + n + 1 > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 32;
        char *grown;
        while (cap < b->length + n + 1) cap *= 2;
        grown = (char *)realloc(b->data, cap);
        if (!grown) return 0;
        b->data = grown;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, bytes, n);
    b->length += n;
    b->data[b->length] = '\0';
    return 1;
}

static int json__put_utf8(json__buf *b, uint32_t cp) {
    char out[4];
    size_t n;
    if (cp < 0x80) {
        out[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        out[0] = (char)(0xF0 | (cp >> 18));
        out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    return json__put(b, out, n);
}

/* Length of the well-formed UTF-8 sequence at pos (RFC 3629: no overlong
   forms, no surrogates, nothing above U+10FFFF), or 0. */
static size_t json__utf8_length(const json_parser *p, size_t pos) {
    const unsigned char *s = (const unsigned char *)p->text + pos;
    size_t avail = p->length - pos, n, i;
    uint32_t cp, min;
    if (s[0] < 0x80) return 1;
    if ((s[0] & 0xE0) == 0xC0) {
        n = 2;
        cp = s[0] & 0x1Fu;
        min = 0x80;
    } else if ((s[0] & 0xF0) == 0xE0) {
        n = 3;
        cp = s[0] & 0x0Fu;
        min = 0x800;
    } else if ((s[0] & 0xF8) == 0xF0) {
        n = 4;
        cp = s[0] & 0x07u;
        min = 0x10000;
    } else return 0;
    if (avail < n) return 0;
    for (i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

static int json__hex4(json_parser *p, size_t pos, uint32_t *out) {
    uint32_t v = 0;
    size_t i;
    if (p->length - pos < 4) {
        json__fail(p, pos, "\\u escape needs 4 hex digits");
        return 0;
    }
    for (i = 0; i < 4; i++) {
        char c = p->text[pos + i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
        else {
            json__fail(p, pos + i, "\\u escape needs 4 hex digits");
            return 0;
        }
    }
    *out = v;
    return 1;
}

/* Parse the string whose opening quote is at p->pos. On success the decoded
   text is in *out (caller frees) and p->pos is after the closing quote. */
static int json__string(json_parser *p, char **out, size_t *out_length) {
    json__buf b = {NULL, 0, 0};
    size_t start = p->pos;
    p->pos++; /* opening quote */
    if (!json__put(&b, "", 0)) goto oom;
    for (;;) {
        unsigned char c;
        if (p->pos >= p->length) {
            json__fail(p, start, "string is not terminated");
            goto fail;
        }
        c = (unsigned char)p->text[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c < 0x20) {
            json__fail(p, p->pos, "control character 0x%02X in string (must be escaped)", (unsigned)c);
            goto fail;
        }
        if (c == '\\') {
            char e;
            uint32_t cp;
            if (p->pos + 1 >= p->length) {
                json__fail(p, p->pos, "string is not terminated");
                goto fail;
            }
            e = p->text[p->pos + 1];
            switch (e) {
            case '"': cp = '"'; break;
            case '\\': cp = '\\'; break;
            case '/': cp = '/'; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u':
                if (!json__hex4(p, p->pos + 2, &cp)) goto fail;
                if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    json__fail(p, p->pos, "lone low surrogate \\u%04X", (unsigned)cp);
                    goto fail;
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t lo;
                    size_t next = p->pos + 6;
                    if (p->length - next < 2 || p->text[next] != '\\' || p->text[next + 1] != 'u') {
                        json__fail(p, p->pos, "high surrogate \\u%04X is not followed by a low one", (unsigned)cp);
                        goto fail;
                    }
                    if (!json__hex4(p, next + 2, &lo)) goto fail;
                    if (lo < 0xDC00 || lo > 0xDFFF) {
                        json__fail(p, next, "high surrogate \\u%04X is not followed by a low one", (unsigned)cp);
                        goto fail;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    p->pos += 6;
                }
                p->pos += 4;
                break;
            default: json__fail(p, p->pos, "invalid escape '\\%c'", (e >= 0x20 && e < 0x7F) ? e : '?'); goto fail;
            }
            p->pos += 2;
            if (!json__put_utf8(&b, cp)) goto oom;
        } else {
            size_t n = json__utf8_length(p, p->pos);
            if (n == 0) {
                json__fail(p, p->pos, "invalid UTF-8 in string");
                goto fail;
            }
            if (!json__put(&b, p->text + p->pos, n)) goto oom;
            p->pos += n;
        }
    }
    *out = b.data;
    *out_length = b.length;
    return 1;
oom:
    json__fail(p, p->pos, "out of memory");
fail:
    free(b.data);
    return 0;
}

static int json__is_digit(char c) { return c >= '0' && c <= '9'; }

/* number = [ "-" ] int [ frac ] [ exp ], exactly as RFC 8259 writes it. */
static int json__number(json_parser *p, json_value *v) {
    size_t start = p->pos, n;
    const char *s = p->text;
    char *end;
    if (p->pos < p->length && s[p->pos] == '-') p->pos++;
    if (p->pos >= p->length || !json__is_digit(s[p->pos])) {
        json__fail(p, p->pos, "expected a digit in number");
        return 0;
    }
    if (s[p->pos] == '0') {
        p->pos++;
        if (p->pos < p->length && json__is_digit(s[p->pos])) {
            json__fail(p, start, "number has a leading zero");
            return 0;
        }
    } else {
        while (p->pos < p->length && json__is_digit(s[p->pos])) p->pos++;
    }
    if (p->pos < p->length && s[p->pos] == '.') {
        p->pos++;
        if (p->pos >= p->length || !json__is_digit(s[p->pos])) {
            json__fail(p, p->pos, "expected a digit after the decimal point");
            return 0;
        }
        while (p->pos < p->length && json__is_digit(s[p->pos])) p->pos++;
    }
    if (p->pos < p->length && (s[p->pos] == 'e' || s[p->pos] == 'E')) {
        p->pos++;
        if (p->pos < p->length && (s[p->pos] == '+' || s[p->pos] == '-')) p->pos++;
        if (p->pos >= p->length || !json__is_digit(s[p->pos])) {
            json__fail(p, p->pos, "expected a digit in the exponent");
            return 0;
        }
        while (p->pos < p->length && json__is_digit(s[p->pos])) p->pos++;
    }
    n = p->pos - start;
    v->text = (char *)malloc(n + 1);
    if (!v->text) {
        json__fail(p, start, "out of memory");
        return 0;
    }
    memcpy(v->text, s + start, n);
    v->text[n] = '\0';
    v->text_length = n;
    /* strtod on the NUL-terminated copy: the grammar is already checked, so it
       consumes everything (in the C locale the tests run in). */
    v->number = strtod(v->text, &end);
    if (*end != '\0') {
        json__fail(p, start, "number '%s' is not readable in this locale", v->text);
        return 0;
    }
    v->type = JSON_NUMBER;
    return 1;
}

static int json__literal(json_parser *p, const char *word, json_type type, json_value *v) {
    size_t n = strlen(word);
    if (p->length - p->pos < n || memcmp(p->text + p->pos, word, n) != 0) {
        json__fail(p, p->pos, "expected '%s'", word);
        return 0;
    }
    p->pos += n;
    v->type = type;
    return 1;
}

static void json__free_contents(json_value *v) {
    size_t i;
    for (i = 0; i < v->count; i++) json__free_contents(&v->children[i]);
    free(v->children);
    free(v->key);
    free(v->text);
}

static int json__value(json_parser *p, json_value *v, int depth);

/* Append a zeroed child; returns it or NULL when out of memory. */
static json_value *json__push(json_parser *p, json_value *parent, size_t *capacity) {
    json_value *child;
    if (parent->count == *capacity) {
        size_t cap = *capacity ? *capacity * 2 : 4;
        json_value *grown = (json_value *)realloc(parent->children, cap * sizeof *grown);
        if (!grown) {
            json__fail(p, p->pos, "out of memory");
            return NULL;
        }
        parent->children = grown;
        *capacity = cap;
    }
    child = &parent->children[parent->count++];
    memset(child, 0, sizeof *child);
    child->type = JSON_NULL;
    return child;
}

static int json__array(json_parser *p, json_value *v, int depth) {
    size_t capacity = 0;
    v->type = JSON_ARRAY;
    p->pos++; /* '[' */
    json__skip_ws(p);
    if (p->pos < p->length && p->text[p->pos] == ']') {
        p->pos++;
        return 1;
    }
    for (;;) {
        char d[16];
        json_value *item = json__push(p, v, &capacity);
        if (!item || !json__value(p, item, depth + 1)) return 0;
        json__skip_ws(p);
        if (p->pos < p->length && p->text[p->pos] == ',') {
            p->pos++;
            json__skip_ws(p);
            if (p->pos < p->length && p->text[p->pos] == ']') {
                json__fail(p, p->pos, "trailing comma in array");
                return 0;
            }
            continue;
        }
        if (p->pos < p->length && p->text[p->pos] == ']') {
            p->pos++;
            return 1;
        }
        json__fail(p, p->pos, "expected ',' or ']' in array, found %s", json__describe(p, p->pos, d));
        return 0;
    }
}

static int json__object(json_parser *p, json_value *v, int depth) {
    size_t capacity = 0;
    v->type = JSON_OBJECT;
    p->pos++; /* '{' */
    json__skip_ws(p);
    if (p->pos < p->length && p->text[p->pos] == '}') {
        p->pos++;
        return 1;
    }
    for (;;) {
        char d[16];
        size_t key_pos, i;
        json_value *member;
        if (p->pos >= p->length || p->text[p->pos] != '"') {
            json__fail(p, p->pos, "expected a member name (a string) in object, found %s",
                       json__describe(p, p->pos, d));
            return 0;
        }
        key_pos = p->pos;
        member = json__push(p, v, &capacity);
        if (!member || !json__string(p, &member->key, &member->key_length)) return 0;
        /* Duplicate keys make a lookup ambiguous; RFC 8259 leaves it open, we refuse. */
        for (i = 0; i + 1 < v->count; i++) {
            if (v->children[i].key_length == member->key_length &&
                memcmp(v->children[i].key, member->key, member->key_length) == 0) {
                json__fail(p, key_pos, "duplicate member name \"%s\"", member->key);
                return 0;
            }
        }
        json__skip_ws(p);
        if (p->pos >= p->length || p->text[p->pos] != ':') {
            json__fail(p, p->pos, "expected ':' after member name \"%s\", found %s", member->key,
                       json__describe(p, p->pos, d));
            return 0;
        }
        p->pos++;
        json__skip_ws(p);
        if (!json__value(p, member, depth + 1)) return 0;
        json__skip_ws(p);
        if (p->pos < p->length && p->text[p->pos] == ',') {
            p->pos++;
            json__skip_ws(p);
            if (p->pos < p->length && p->text[p->pos] == '}') {
                json__fail(p, p->pos, "trailing comma in object");
                return 0;
            }
            continue;
        }
        if (p->pos < p->length && p->text[p->pos] == '}') {
            p->pos++;
            return 1;
        }
        json__fail(p, p->pos, "expected ',' or '}' in object, found %s", json__describe(p, p->pos, d));
        return 0;
    }
}

/* Parse one value at p->pos (whitespace already skipped). */
static int json__value(json_parser *p, json_value *v, int depth) {
    char d[16];
    if (depth > JSON_MAX_DEPTH) {
        json__fail(p, p->pos, "nesting deeper than %d", JSON_MAX_DEPTH);
        return 0;
    }
    if (p->pos >= p->length) {
        json__fail(p, p->pos, "expected a value, found end of input");
        return 0;
    }
    switch (p->text[p->pos]) {
    case '{': return json__object(p, v, depth);
    case '[': return json__array(p, v, depth);
    case '"': v->type = JSON_STRING; return json__string(p, &v->text, &v->text_length);
    case 't': return json__literal(p, "true", JSON_TRUE, v);
    case 'f': return json__literal(p, "false", JSON_FALSE, v);
    case 'n': return json__literal(p, "null", JSON_NULL, v);
    default:
        if (p->text[p->pos] == '-' || json__is_digit(p->text[p->pos])) return json__number(p, v);
        json__fail(p, p->pos, "expected a value, found %s", json__describe(p, p->pos, d));
        return 0;
    }
}

json_value *json_parse(const char *text, size_t length, char *err, size_t err_capacity) {
    json_parser p;
    json_value *root;
    char d[16];
    if (err && err_capacity) err[0] = '\0';
    memset(&p, 0, sizeof p);
    p.text = text;
    p.length = text ? length : 0;
    p.err = err;
    p.err_capacity = err_capacity;
    root = (json_value *)calloc(1, sizeof *root);
    if (!root) {
        json__fail(&p, 0, "out of memory");
        return NULL;
    }
    root->type = JSON_NULL;
    if (p.length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        json__fail(&p, 0, "byte order mark at the start (not allowed in JSON text)");
    } else {
        json__skip_ws(&p);
        if (json__value(&p, root, 1)) {
            json__skip_ws(&p);
            if (p.pos != p.length)
                json__fail(&p, p.pos, "unexpected %s after the top-level value", json__describe(&p, p.pos, d));
        }
    }
    if (p.failed) {
        json_free(root);
        return NULL;
    }
    return root;
}

json_value *json_parse_file(const char *path, char *err, size_t err_capacity) {
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    size_t length = 0, capacity = 0, got;
    json_value *root;
    if (err && err_capacity) err[0] = '\0';
    if (!f) {
        if (err && err_capacity) snprintf(err, err_capacity, "%s: cannot open file", path);
        return NULL;
    }
    /* Read in chunks: ftell is not reliable for every kind of file. */
    for (;;) {
        if (length == capacity) {
            size_t cap = capacity ? capacity * 2 : 65536;
            char *grown = (char *)realloc(data, cap);
            if (!grown) {
                if (err && err_capacity) snprintf(err, err_capacity, "%s: out of memory", path);
                free(data);
                fclose(f);
                return NULL;
            }
            data = grown;
            capacity = cap;
        }
        got = fread(data + length, 1, capacity - length, f);
        length += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        if (err && err_capacity) snprintf(err, err_capacity, "%s: read error", path);
        free(data);
        fclose(f);
        return NULL;
    }
    fclose(f);
    root = json_parse(data, length, err, err_capacity);
    free(data);
    if (!root && err && err_capacity) {
        /* Prefix the file name so the message says where. */
        size_t n = strlen(err), plen = strlen(path) + 2;
        if (n + plen < err_capacity) {
            memmove(err + plen, err, n + 1);
            memcpy(err, path, plen - 2);
            err[plen - 2] = ':';
            err[plen - 1] = ' ';
        }
    }
    return root;
}

void json_free(json_value *value) {
    if (!value) return;
    json__free_contents(value);
    free(value);
}

const json_value *json_get(const json_value *object, const char *key) {
    size_t i, n;
    if (!object || object->type != JSON_OBJECT || !key) return NULL;
    n = strlen(key);
    for (i = 0; i < object->count; i++)
        if (object->children[i].key_length == n && memcmp(object->children[i].key, key, n) == 0)
            return &object->children[i];
    return NULL;
}

int json_as_int64(const json_value *value, int64_t *out) {
    const char *s;
    int negative = 0;
    uint64_t magnitude = 0, limit;
    if (!value || value->type != JSON_NUMBER || !value->text) return 0;
    s = value->text;
    if (*s == '-') {
        negative = 1;
        s++;
    }
    if (*s == '\0') return 0;
    limit = negative ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    for (; *s; s++) {
        unsigned digit;
        if (!json__is_digit(*s)) return 0; /* '.', 'e': not written as an integer */
        digit = (unsigned)(*s - '0');
        if (magnitude > (limit - digit) / 10u) return 0;
        magnitude = magnitude * 10u + digit;
    }
    if (negative) {
        /* -(2^63) cannot be negated in int64; build it from its parts. */
        *out = magnitude == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)magnitude;
    } else {
        *out = (int64_t)magnitude;
    }
    return 1;
}

const char *json_type_name(json_type type) {
    switch (type) {
    case JSON_NULL: return "null";
    case JSON_FALSE: return "false";
    case JSON_TRUE: return "true";
    case JSON_NUMBER: return "number";
    case JSON_STRING: return "string";
    case JSON_ARRAY: return "array";
    case JSON_OBJECT: return "object";
    }
    return "?";
}
