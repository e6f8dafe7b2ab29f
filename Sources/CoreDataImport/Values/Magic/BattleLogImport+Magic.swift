import BattleLogKit
import CoreDataKit
import Foundation
import KeyedArchiving

/// The app's magic: its JSON, in an archived NSData (or NSString) or as the column's bytes.
extension BattleLogImport {
    /// A carried magic: no magic is absence, not a value.
    static func carried(_ c: CarriedValue<Magic?>) -> CarriedValue<(any Sendable)?> {
        switch c {
        case .value(let m): .value(m.map { $0 as any Sendable })
        case .damaged(let raw): .damaged(raw)
        }
    }

    /// The magic's JSON: inside an archived NSData (or NSString), or the column's bytes directly.
    static func magic(_ value: StoredColumnValue) -> CarriedValue<Magic?> {
        var bytes: [UInt8]
        switch value {
        case .null: return .value(nil)
        case .text(let t): bytes = Array(t.utf8)
        case .blob(let b): bytes = b
        default: return .damaged(value.sqliteValue)
        }
        if BinaryPropertyListReader.isBinaryPropertyList(bytes) {
            switch archived(value) {
            case .object(let o)?:
                guard case .string(let b64)? = o["$data"], let data = Data(base64Encoded: b64) else { return .damaged(value.sqliteValue) }
                bytes = [UInt8](data)
            case .string(let s)?: bytes = Array(s.utf8)
            case .null?: return .value(nil)
            default: return .damaged(value.sqliteValue)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .damaged(value.sqliteValue) }
        do { return .value(try MagicTransformer().value(fromStored: text)) }
        catch { return .damaged(.text(text)) }
    }
}
