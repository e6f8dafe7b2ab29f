#ifndef CTOML_H
#define CTOML_H
/* A C interface to toml++ (Debian's libtomlplusplus-dev): a TOML 1.0 document in, toml-test's
   tagged JSON out, or the first error with its line and column. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /* On success: the document as toml-test's tagged JSON (malloc'd, NUL-terminated); NULL on error. */
    char *json;
    /* On error: what is wrong (malloc'd); NULL on success. */
    char *error;
    /* On error: where, counted from 1. */
    unsigned line;
    unsigned column;
} ctoml_result;

/* Parses `length` bytes of `text`. With `with_lines` set, each value's object also holds
   "line": N, the line the value begins on, and an array is {"$array": [...], "line": N}.
   Free the result with ctoml_result_free. */
ctoml_result ctoml_parse(const char *text, size_t length, int with_lines);

void ctoml_result_free(ctoml_result *result);

#ifdef __cplusplus
}
#endif
#endif
