// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "battlelog",
    products: [
        .library(name: "BattleLogKit", targets: ["BattleLogKit"]),
        .executable(name: "battlelog", targets: ["battlelog"]),
        .executable(name: "battlelog-bench", targets: ["battlelog-bench"]),
    ],
    targets: [
        // System libraries (Debian: libsqlite3-dev, libncursesw5-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),  // zlib1g-dev: Core Data's model cache

        // The thin SQLite binding.
        .target(name: "SQLiteDB", dependencies: ["CSQLite"]),
        // Resource files (model description, name pools, label tables) and their accessor.
        .target(name: "BattleLogResources", path: "Resources",
                sources: ["ResourceFiles.swift"],
                resources: [.copy("model"), .copy("names"), .copy("labels")]),
        // Model, MediaTime, transformers, store, simulator.
        .target(name: "BattleLogKit", dependencies: ["SQLiteDB", "BattleLogResources"]),
        // Stores written by Core Data: binary property lists, keyed archives, the model, import.
        .target(name: "CoreDataKit", dependencies: ["BattleLogKit", "SQLiteDB", "CZlib"]),
        // Writes Core Data stores as the battle-log app would (tests and the benchmark only).
        .target(name: "AppStoreWriter", dependencies: ["CoreDataKit", "SQLiteDB", "CZlib"]),
        // The command line (parsing, commands, output formatting).
        .target(name: "BattleLogCLI", dependencies: ["BattleLogKit", "BattleLogBrowser", "CoreDataKit"]),
        // The interactive browser: state, key table, views, screen protocol, ncurses screen.
        .target(name: "BattleLogBrowser", dependencies: ["BattleLogKit", "CNCursesW"]),
        .executableTarget(name: "battlelog", dependencies: ["BattleLogCLI"]),

        // Benchmark: ours against the raw C API baseline.
        .target(name: "CBaseline", dependencies: ["CSQLite"]),
        .executableTarget(name: "battlelog-bench",
                          dependencies: ["BattleLogKit", "BattleLogCLI", "BattleLogBrowser", "CBaseline", "CoreDataKit", "AppStoreWriter"]),

        .testTarget(name: "BattleLogKitTests", dependencies: ["BattleLogKit", "SQLiteDB"],
                    exclude: ["Fixtures"]),  // a database of the previous schema, read through #filePath
        .testTarget(name: "BattleLogCLITests", dependencies: ["BattleLogCLI", "BattleLogKit", "BattleLogBrowser"]),
        .testTarget(name: "CoreDataKitTests", dependencies: ["CoreDataKit", "BattleLogKit", "BattleLogCLI", "AppStoreWriter", "SQLiteDB", "CZlib"],
                    exclude: ["Fixtures"]),  // real Core Data stores, read through #filePath
        .testTarget(name: "BattleLogBrowserTests", dependencies: ["BattleLogBrowser", "BattleLogKit"],
                    exclude: ["Golden"]),  // golden screens, read through #filePath
    ]
)
