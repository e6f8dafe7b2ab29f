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

extension StoreBrowserModel {
    /// `i`: the stored bytes of the selected attribute (in the detail), or of every attribute
    /// of the selected object.
    func openBytes() {
        guard let list = level?.query.list, let row = selectedObject else { chrome.status = labels["cd.noObjects"]; return }
        guard let object = ((try? store.row(list, key: row.ref.pk, reading: .stored)) ?? nil)?.object else {
            chrome.status = labels.fill("cd.danglingFollow", StoreSource.name(row.ref))
            return
        }
        let entity = store.model.entity(named: object.entity)
        var names = entity.map { $0.attributes.map(\.name).filter { object.stored[$0] != nil } } ?? object.stored.keys.sorted()
        if chrome.focus == .detail, let line = lists.detailLine {
            if let a = line.attribute {
                names = [a]
            } else if let name = line.relationship, case .foreignKey(let column, let entityColumn)? = entity?.relationships.first(where: { $0.name == name })?.storage {
                // A to-one is stored as its target's pk (and Z_ENT) in the object's own columns.
                let columns = [column] + (entityColumn.map { [$0] } ?? [])
                let values = (try? store.storedColumns(columns, of: row.ref)) ?? []
                return openBytes(zip(columns, values).flatMap { StoredBytes.lines(name: name + " (" + $0 + ")", value: $1, labels: labels) })
            } else {
                // A transient or column-less attribute says so; a heading or a to-many has no bytes of its own.
                chrome.status = line.isHeading || line.relationship != nil ? labels["cd.bytesOfWhat"] : line.label + ": " + line.value
                return
            }
        }
        openBytes(Array(names.flatMap { [""] + StoredBytes.lines(name: $0, value: object.stored[$0] ?? .null, labels: labels) }.dropFirst()))
    }

    private func openBytes(_ lines: [String]) { open(OpenOverlay(opener: .inspect, title: labels["cd.bytesTitle"], text: .lines(lines))) }
}
