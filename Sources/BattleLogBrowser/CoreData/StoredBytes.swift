import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit
import KeyedArchiving

/// The bytes overlay's lines for one stored value: its storage class and size, then its bytes
/// (`HexDump`); a keyed archive's object table after them (as `inspect` shows a record's weapon).
enum StoredBytes {
    static func lines(name: String, value: StoredColumnValue, labels: Labels) -> [String] {
        let title = SafeText.escape(name)
        func sized(_ kind: String, _ bytes: [UInt8]) -> [String] {
            [title + "  " + kind + ", " + labels.fill(bytes.count == 1 ? "cd.byte" : "cd.bytes", GroupedNumber.text(bytes.count))] + HexDump.lines(bytes, labels: labels)
        }
        switch value {
        case .null: return [title + "  NULL"]
        case .integer(let i): return [title + "  INTEGER  " + String(i)]
        case .real(let d): return [title + "  REAL  " + String(d)]
        case .text(let t): return sized("TEXT", Array(t.utf8))
        case .blob(let b):
            let table = BinaryPropertyListReader.isBinaryPropertyList(b) ? (try? ArchiveObjectTable(bytes: b)) : nil
            return sized("BLOB", b) + (table.map { [""] + ArchiveTableText.lines($0, labels: labels) } ?? [])
        }
    }
}
