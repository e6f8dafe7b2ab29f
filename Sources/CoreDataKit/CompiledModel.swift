import BattleLogFoundation
import Foundation
import KeyedArchiving

/// A compiled Core Data model given with `--model`: a `.mom` file (a keyed archive of the same
/// classes as a store's model cache) or a `.momd` folder of versions, of which the one whose
/// entity hashes are the store's (`VersionInfo.plist` against `NSStoreModelVersionHashes`).
enum CompiledModel {
    static func load(_ path: String, schema: StoreSchema, storeHashes: JSONValue?,
                     hasValues: (String, String, [Int]) -> Bool) throws(CoreDataError) -> CoreDataModel {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .noSuchFile(path: path) }
        guard isFolder.boolValue else {
            var model = try mom(path, schema: schema, hasValues: hasValues)
            model.notes.insert("the model is \(PathParts.name(of: path)) (--model)", at: 0)
            return model
        }
        let info = path + "/VersionInfo.plist"
        guard let data = FileManager.default.contents(atPath: info) else {
            throw .unreadable(path: path, reason: "a .momd folder holds VersionInfo.plist, this one does not")
        }
        let plist: JSONValue
        do { plist = try KeyedArchive.decodePlain(BinaryPropertyListReader.read([UInt8](data))) }
        catch { throw .unreadable(path: info, reason: error.message) }
        guard case .object(let top) = plist, case .object(let versions)? = top["NSManagedObjectModel_VersionHashes"] else {
            throw .unreadable(path: info, reason: "no NSManagedObjectModel_VersionHashes")
        }
        let chosen: String
        let why: String
        if let storeHashes {
            guard let match = versions.keys.sorted().first(where: { versions[$0] == storeHashes }) else {
                throw .modelDoesNotMatch(path: path, versions: versions.keys.sorted())
            }
            (chosen, why) = (match, "its entity hashes are the store's")
        } else {
            guard case .string(let current)? = top["NSManagedObjectModel_CurrentVersionName"] else {
                throw .unreadable(path: info, reason: "the store records no entity hashes, and the folder names no current version")
            }
            (chosen, why) = (current, "the folder's current version: the store records no entity hashes")
        }
        var model = try mom(path + "/" + chosen + ".mom", schema: schema, hasValues: hasValues)
        model.notes.insert("the model is version \(chosen) of \(PathParts.name(of: path)) (--model): \(why)", at: 0)
        return model
    }

    static func mom(_ path: String, schema: StoreSchema, hasValues: (String, String, [Int]) -> Bool) throws(CoreDataError) -> CoreDataModel {
        guard let data = FileManager.default.contents(atPath: path) else { throw .noSuchFile(path: path) }
        do {
            let archive = try KeyedArchive(bytes: [UInt8](data))
            guard let root = archive.top["root"], archive.className(root)?.contains("ManagedObjectModel") == true else {
                throw PropertyListError("it does not hold an NSManagedObjectModel")
            }
            return CoreDataModelReader.build(archive, root: root, schema: schema, source: .modelFile, hasValues: hasValues)
        } catch {
            throw .unreadable(path: path, reason: "not a compiled Core Data model: \((error as? PropertyListError)?.message ?? String(describing: error))")
        }
    }
}
