// coredata-example STORE [ENTITY]: what another Swift program on Linux does with CoreDataKit.
// Lists a Core Data store's entities with their objects' counts, then prints the first three
// objects of ENTITY as JSON: attributes decoded (Transformables' archives included),
// relationships as references to their targets.
import CoreDataKit
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: coredata-example STORE [ENTITY]\n".utf8))
    exit(2)
}
do {
    // Read-only, in place: the store (and any -wal beside it) is never written.
    let store = try CoreDataStore(path: arguments[1])
    for entity in store.model.entities {
        let count = try store.rowCount(entity).map(String.init) ?? "no table"
        print("\(entity.name): \(count)")
    }
    // Values are `JSONValue`s, in the tagged forms of battlelog's Core Data guide.
    if case .object(let metadata) = store.metadata as JSONValue {
        print("metadata: " + metadata.keys.sorted().joined(separator: ", "))
    }
    if arguments.count >= 3 {
        let entity = try store.entity(named: arguments[2])
        try store.forEachObject(entity: entity, limit: 3) { object in
            print(object.json(terminalSafe: true))
            return true  // false stops the walk
        }
    }
} catch {
    FileHandle.standardError.write(Data("coredata-example: \(error)\n".utf8))
    exit(1)
}
