#include <sqlite3.h>

/* sqlite3_config takes variable arguments, which Swift cannot call. SQLite counts every
   allocation under one process-wide mutex while its memory statistics are on; two connections
   reading on two threads (a count in two halves) then wait on each other at every lower() and
   every value they copy. battlelog reads none of those statistics. Called before SQLite is
   initialised (the first open); later it changes nothing and says SQLITE_MISUSE. */
static inline int battlelog_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
