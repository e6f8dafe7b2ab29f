#include "baseline.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

struct bl_baseline {
    sqlite3 *db;
    sqlite3_stmt *insert;
};

bl_baseline *bl_baseline_open(const char *path, const char *schema_sql, const char *insert_sql) {
    bl_baseline *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    if (sqlite3_open(path, &b->db) != SQLITE_OK) goto fail;
    if (sqlite3_exec(b->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", 0, 0, 0) != SQLITE_OK) goto fail;
    if (sqlite3_exec(b->db, schema_sql, 0, 0, 0) != SQLITE_OK) goto fail;
    if (sqlite3_prepare_v2(b->db, insert_sql, -1, &b->insert, 0) != SQLITE_OK) goto fail;
    return b;
fail:
    fprintf(stderr, "baseline: %s\n", b->db ? sqlite3_errmsg(b->db) : "cannot open");
    bl_baseline_close(b);
    return NULL;
}

int bl_baseline_exec(bl_baseline *b, const char *sql) {
    return sqlite3_exec(b->db, sql, 0, 0, 0) == SQLITE_OK ? 0 : 1;
}

int bl_baseline_insert(bl_baseline *b, int count, const int64_t *ints, int nints, const double *reals, int nreals,
                       const char *const *texts, int ntexts, const uint8_t *const *blobs, const int *blob_lengths, int nblobs) {
    if (sqlite3_exec(b->db, "BEGIN", 0, 0, 0) != SQLITE_OK) return 1;
    for (int i = 0; i < count; i++) {
        sqlite3_stmt *s = b->insert;
        int p = 1;
        for (int k = 0; k < nints; k++, p++) {
            int64_t v = ints[i * nints + k];
            if (v == INT64_MIN) sqlite3_bind_null(s, p); else sqlite3_bind_int64(s, p, v);
        }
        for (int k = 0; k < nreals; k++, p++) {
            double v = reals[i * nreals + k];
            if (v != v) sqlite3_bind_null(s, p); else sqlite3_bind_double(s, p, v);
        }
        for (int k = 0; k < ntexts; k++, p++) {
            const char *t = texts[i * ntexts + k];
            if (t) sqlite3_bind_text(s, p, t, -1, SQLITE_STATIC);
            else sqlite3_bind_null(s, p);
        }
        for (int k = 0; k < nblobs; k++, p++) {
            const uint8_t *v = blobs[i * nblobs + k];
            if (v) sqlite3_bind_blob(s, p, v, blob_lengths[i * nblobs + k], SQLITE_STATIC);
            else sqlite3_bind_null(s, p);
        }
        if (sqlite3_step(s) != SQLITE_DONE) {
            fprintf(stderr, "baseline: %s\n", sqlite3_errmsg(b->db));
            sqlite3_reset(s);
            sqlite3_exec(b->db, "ROLLBACK", 0, 0, 0);
            return 1;
        }
        sqlite3_reset(s);
    }
    return sqlite3_exec(b->db, "COMMIT", 0, 0, 0) == SQLITE_OK ? 0 : 1;
}

void bl_baseline_close(bl_baseline *b) {
    if (!b) return;
    sqlite3_finalize(b->insert);
    sqlite3_close(b->db);
    free(b);
}
