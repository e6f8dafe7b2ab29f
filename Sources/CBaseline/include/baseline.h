#ifndef BATTLELOG_BASELINE_H
#define BATTLELOG_BASELINE_H
#include <stdint.h>

/// The raw SQLite C API baseline for the benchmark: the same schema, indexes and rows as
/// battlelog's store, inserted with one prepared statement, one transaction per batch.
typedef struct bl_baseline bl_baseline;

/// Opens (creating) the database at `path`, sets WAL, synchronous=NORMAL, foreign keys, runs
/// `schema_sql` and prepares `insert_sql`. Returns NULL on failure.
bl_baseline *bl_baseline_open(const char *path, const char *schema_sql, const char *insert_sql);

/// Runs SQL without arguments. Returns 0 on success.
int bl_baseline_exec(bl_baseline *b, const char *sql);

/// Inserts `count` records in one transaction. Per record, the insert's parameters are bound in
/// order: `nints` from `ints` (INT64_MIN binds NULL), `nreals` from `reals` (NaN binds NULL),
/// `ntexts` from `texts` (NULL binds NULL), `nblobs` from `blobs` of `blob_lengths` bytes (NULL
/// binds NULL). Returns 0 on success.
int bl_baseline_insert(bl_baseline *b, int count, const int64_t *ints, int nints, const double *reals, int nreals,
                       const char *const *texts, int ntexts, const uint8_t *const *blobs, const int *blob_lengths, int nblobs);

void bl_baseline_close(bl_baseline *b);

#endif
