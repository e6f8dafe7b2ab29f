#ifndef BATTLELOG_BASELINE_H
#define BATTLELOG_BASELINE_H
#include <stdint.h>

/// The raw SQLite C API baseline for the benchmark: the same schema, indexes and rows as
/// battlelog's store, inserted with one prepared statement, one transaction per batch.
typedef struct bl_baseline bl_baseline;

/// Opens (creating) the database at `path`, sets WAL, synchronous=NORMAL, foreign keys, and runs
/// `schema_sql`. Returns NULL on failure.
bl_baseline *bl_baseline_open(const char *path, const char *schema_sql);

/// Runs SQL without arguments. Returns 0 on success.
int bl_baseline_exec(bl_baseline *b, const char *sql);

/// Inserts `count` records in one transaction. `ints` holds 4 values per record (fight, owner,
/// opponent, date); `texts` holds 4 per record (result, duration, dice, magic; magic may be NULL).
/// Returns 0 on success.
int bl_baseline_insert(bl_baseline *b, int count, const int64_t *ints, const char *const *texts);

void bl_baseline_close(bl_baseline *b);

#endif
