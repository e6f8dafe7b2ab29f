import BattleLogFoundation
import BattleLogKit
import CoreDataKit
import Foundation

/// The one presenter of a Core Data value in its tagged JSON form (`TaggedJSON`), for every
/// surface that shows one to a person: the browser's cells, detail and search, `coredata dump`'s
/// text. A date in UTC with its fraction, binary data by its size and first bytes, a UUID, a
/// damaged value in damage's one spelling with its reason, a CMTime dictionary as a time, a
/// null as absence's dash; any other object or array as a node with children. Text is escaped
/// here, so the widths the views measure are the widths drawn.
public enum TaggedValueText {
    /// One value's line: its text, whether it is damaged, and its children when it folds.
    public struct Shown {
        public var text: String
        public var damaged = false
        public var children: [(key: String, value: JSONValue)] = []
        public var isContainer: Bool { !children.isEmpty }
    }

    /// The value as a person pastes it: a text as itself, a UUID, date or URL as its text, any
    /// other value as its tagged JSON.
    public static func copied(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .object(let o) where o.count == 1 && ["$uuid", "$date", "$url"].contains(o.keys.first!):
            if case .string(let s)? = o.values.first { return s }
            return TaggedJSON.text(value)
        default: return TaggedJSON.text(value)
        }
    }

    public static func shown(_ value: JSONValue, labels: Labels) -> Shown {
        let e = SafeText.escape
        switch value {
        case .null: return Shown(text: ValuePresenter.absent)
        case .bool(let b): return Shown(text: b ? "true" : "false")
        case .integer(let i): return Shown(text: String(i))
        case .number(let d): return Shown(text: TaggedJSON.text(.number(d)))
        case .string(let s): return Shown(text: e(s))
        case .array(let items):
            return Shown(text: labels.fill(items.count == 1 ? "cd.item" : "cd.items", GroupedNumber.text(items.count)),
                         children: items.enumerated().map { ("[\($0.offset)]", $0.element) })
        case .object(let o):
            if let time = mediaTime(o) { return Shown(text: "\(time.clockDescription)  \(time.description)") }
            if o.count == 1, let (tag, inner) = o.first, case .string(let text) = inner {
                switch tag {
                case "$date": return Shown(text: date(text))
                case "$uuid", "$url": return Shown(text: e(text))
                case "$real": return Shown(text: text)
                case "$data": return Shown(text: data(text, labels: labels))
                default: break
                }
            }
            // An archive kept in Binary Data: shown decoded, its bytes the last child.
            if o.count == 2, let archive = o["$archive"], let bytes = o["$data"] {
                var inner = shown(archive, labels: labels)
                inner.children.append(("$data", .object(["$data": bytes])))
                return inner
            }
            if case .string(let why)? = o["$error"] {
                let hex = if case .string(let h)? = o["$hex"], !h.isEmpty { " · " + h.prefix(32) + (h.count > 32 ? "…" : "") } else { "" }
                // Damage in its one spelling, with the reason (as a record's damaged value is shown).
                return Shown(text: ValuePresenter.damagedCell(labels) + " (" + e(why) + ")" + hex, damaged: true)
            }
            if case .string(let className)? = o["$class"], case .object(let fields)? = o["$fields"] {
                return Shown(text: e(className), children: fields.keys.sorted().map { ($0, fields[$0]!) })
            }
            if case .string(let className)? = o["$class"] {
                return Shown(text: e(className) + " " + e(TaggedJSON.text(.object(o.filter { $0.key != "$class" }))))
            }
            return Shown(text: labels.fill(o.count == 1 ? "cd.key" : "cd.keys", GroupedNumber.text(o.count)),
                         children: o.keys.sorted().map { ($0, o[$0]!) })
        }
    }

    /// A CMTime's dictionary (value, timescale, flags, epoch, nothing else) as a time.
    public static func mediaTime(_ o: [String: JSONValue]) -> MediaTime? {
        guard o.count == 4 else { return nil }
        var fields: [String: Int64] = [:]
        for (k, v) in o {
            guard case .integer(let i) = v else { return nil }
            fields[k] = i
        }
        return try? MediaTime(dictionary: fields)
    }

    /// `2024-05-10T18:14:11.669581Z` as `2024-05-10 18:14:11.669581 UTC`.
    static func date(_ iso: String) -> String {
        guard iso.hasSuffix("Z") else { return SafeText.escape(iso) }
        return SafeText.escape(String(iso.dropLast()).replacingOccurrences(of: "T", with: " ")) + " UTC"
    }

    /// Base64 data as `12 bytes: 62 70 6c …`.
    static func data(_ base64: String, labels: Labels) -> String {
        let bytes = [UInt8](Data(base64Encoded: base64) ?? Data())
        let head = bytes.prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
        return labels.fill(bytes.count == 1 ? "cd.byte" : "cd.bytes", GroupedNumber.text(bytes.count)) + (bytes.isEmpty ? "" : ": " + head + (bytes.count > 16 ? " …" : ""))
    }

    /// The battle-log app's magic, when `value` is its JSON (as stored, or archived as data).
    public static func magic(_ value: JSONValue) -> Magic? {
        let text: String
        switch value {
        case .string(let s): text = s
        case .object(let o):
            guard o.count == 1, case .string(let b64)? = o["$data"], let data = Data(base64Encoded: b64),
                  let s = String(data: data, encoding: .utf8) else { return nil }
            text = s
        default: return nil
        }
        guard text.hasPrefix("{"), text.contains("\"type\"") else { return nil }
        return (try? MagicTransformer().value(fromStored: text)) ?? nil
    }
}
