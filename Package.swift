// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "battlelog",
    products: [
        .library(name: "BattleLogKit", targets: ["BattleLogKit"]),
        // Reads Core Data's SQLite stores on Linux without Core Data (docs/coredatakit.md).
        .library(name: "CoreDataKit", targets: ["CoreDataKit"]),
        .executable(name: "battlelog", targets: ["battlelog"]),
        .executable(name: "battlelog-bench", targets: ["battlelog-bench"]),
        // toml-test's decoder interface over the config file's parser (TOML on stdin, tagged JSON out).
        .executable(name: "toml-test-decoder", targets: ["toml-test-decoder"]),
        // The example of docs/coredatakit.md, built and run by the suite so that it cannot drift.
        .executable(name: "coredata-example", targets: ["coredata-example"]),
    ],
    targets: [
        // System libraries (Debian: libsqlite3-dev, libncursesw5-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),  // zlib1g-dev: Core Data's model cache

        // The thin SQLite binding.
        .target(name: "SQLiteDB", dependencies: ["CSQLite"]),
        // Resource files (model description, name pools, label tables), compiled into the
        // binary by the EmbedResources plugin, and their accessor.
        .executableTarget(name: "embed-resources"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["embed-resources"]),
        .target(name: "BattleLogResources", path: "Resources",
                exclude: ["model", "names", "labels"],
                sources: ["ResourceFiles.swift"],
                plugins: ["EmbedResources"]),
        // TOML 1.0 through toml++ (Debian: libtomlplusplus-dev, header-only), behind a C interface.
        .target(name: "CTOML"),
        // What every other module stands on and no domain: JSON reading and writing, ISO dates,
        // terminal-safe text and text search, the config file's TOML, small support types.
        .target(name: "BattleLogFoundation", dependencies: ["CTOML"]),
        // Binary property lists and NSKeyedArchiver archives, read and written without Foundation's
        // archivers: the store's custom-class values, Core Data's model cache and archived values.
        .target(name: "KeyedArchiving"),
        .executableTarget(name: "toml-test-decoder", dependencies: ["BattleLogFoundation"]),
        // Model, MediaTime, transformers, store, simulator: what a server could use.
        .target(name: "BattleLogKit", dependencies: ["BattleLogFoundation", "KeyedArchiving", "SQLiteDB", "BattleLogResources"]),
        // Presentation shared by the command line and the browser: display width, label tables,
        // meters, sparklines, how each value type is shown.
        .target(name: "BattleLogPresentation", dependencies: ["BattleLogKit", "KeyedArchiving", "BattleLogResources", "CoreDataKit"]),
        // Stores written by Core Data: binary property lists, keyed archives, the model, import.
        .target(name: "CoreDataKit", dependencies: ["BattleLogFoundation", "KeyedArchiving", "SQLiteDB", "CZlib"]),
        .executableTarget(name: "coredata-example", dependencies: ["CoreDataKit"]),
        // The battle log of the app battlelog re-creates, read from its Core Data store.
        .target(name: "CoreDataImport", dependencies: ["CoreDataKit", "KeyedArchiving", "BattleLogKit", "SQLiteDB"]),
        // Writes Core Data stores as the battle-log app would (tests and the benchmark only).
        .target(name: "AppStoreWriter", dependencies: ["CoreDataKit", "KeyedArchiving", "SQLiteDB", "CZlib"]),
        // The command line (parsing, commands, output formatting).
        .target(name: "BattleLogCLI", dependencies: ["BattleLogKit", "KeyedArchiving", "BattleLogPresentation", "BattleLogBrowser", "CoreDataKit", "CoreDataImport"]),
        // The interactive browser: state, key table, views, screen protocol, ncurses screen.
        .target(name: "BattleLogBrowser", dependencies: ["BattleLogKit", "KeyedArchiving", "BattleLogPresentation", "CoreDataKit", "CNCursesW"]),
        .executableTarget(name: "battlelog", dependencies: ["BattleLogCLI"]),

        // Benchmark: ours against the raw C API baseline.
        .target(name: "CBaseline", dependencies: ["CSQLite"]),
        .executableTarget(name: "battlelog-bench",
                          dependencies: ["BattleLogFoundation", "BattleLogKit", "BattleLogPresentation", "BattleLogCLI", "BattleLogBrowser", "CBaseline", "CoreDataKit", "CoreDataImport", "AppStoreWriter"]),

        // Checks the JSON output of the tests' commands against docs/schemas.
        .target(name: "SchemaCheck", dependencies: ["BattleLogCLI"], path: "Tests/SchemaCheck"),
        .testTarget(name: "BattleLogKitTests", dependencies: ["BattleLogKit", "KeyedArchiving", "AppStoreWriter", "BattleLogPresentation", "SQLiteDB"],
                    exclude: ["Fixtures"]),  // a database of the previous schema, read through #filePath
        .testTarget(name: "BattleLogCLITests", dependencies: ["BattleLogCLI", "SchemaCheck", "BattleLogKit", "BattleLogPresentation", "BattleLogBrowser", "AppStoreWriter", "SQLiteDB"]),
        .testTarget(name: "CoreDataKitTests", dependencies: ["CoreDataKit", "SchemaCheck", "KeyedArchiving", "CoreDataImport", "BattleLogKit", "BattleLogCLI", "AppStoreWriter", "SQLiteDB", "CZlib"],
                    exclude: ["Fixtures"]),  // real Core Data stores, read through #filePath
        .testTarget(name: "BattleLogBrowserTests", dependencies: ["BattleLogBrowser", "BattleLogKit", "BattleLogPresentation", "CoreDataKit", "AppStoreWriter", "SQLiteDB",
                                                                  "BattleLogResources"],
                    exclude: ["Golden"]),  // golden screens, read through #filePath
    ],
    cxxLanguageStandard: .cxx17
)
