import Foundation

/// An app that has the store open in another process: it commits `sql` (no checkpoint) and
/// holds its connection until the value is deinitialised, as a running app holds its -wal and
/// -shm. A reader in this process would share this process's -shm mapping; the app's is its own.
public final class AppInAnotherProcess {
    private let process = Process()

    public init(store: String, committing sql: String) throws {
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA journal_mode=WAL'); c.execute('PRAGMA wal_autocheckpoint=0')
            c.executescript(sys.argv[2])
            print('ready', flush=True)
            time.sleep(600)
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, store, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 6)
    }

    /// Killed, as an app can be: its -wal stays. (SIGTERM may be blocked in a test process,
    /// and a blocked signal stays blocked across exec.)
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
