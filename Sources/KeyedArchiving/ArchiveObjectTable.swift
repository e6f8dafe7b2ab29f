/// A keyed archive's object graph as a table: one row per member of `$objects`, its index, what
/// it is (a class name, or the kind of a plain value) and its keys with what each holds (a UID
/// as `→ 3`, a scalar as its value). What `inspect` shows of an archive; read without decoding
/// any class, so it shows a refused archive as well as an accepted one.
public struct ArchiveObjectTable: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let index: Int
        /// `Weapon`, `NSArray`, `$classes entry`, or a plain value's kind (`string "Frostbrand"`).
        public let what: String
        /// The row's keys and their values, in the archive's order (`$class` included).
        public let fields: [(key: String, value: String)]

        public static func == (a: Row, b: Row) -> Bool {
            a.index == b.index && a.what == b.what && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
        }
    }

    public let rows: [Row]
    /// `$top`'s entries and the UIDs they name.
    public let top: [(key: String, uid: String)]

    public static func == (a: ArchiveObjectTable, b: ArchiveObjectTable) -> Bool {
        a.rows == b.rows && a.top.map(\.key) == b.top.map(\.key) && a.top.map(\.uid) == b.top.map(\.uid)
    }

    /// The table of the archive `bytes`, or why they are not a keyed archive.
    public init(bytes: [UInt8]) throws(PropertyListError) {
        let plist = try BinaryPropertyListReader.read(bytes)
        guard let objectsRef = plist.lookup(plist.top, "$objects"), case .array(let members) = plist.objects[objectsRef] else {
            throw PropertyListError("not a keyed archive (no $objects)")
        }
        /// An object as one short text; a container's members one level deep (an array that holds
        /// itself, as hostile bytes may, is not followed).
        func show(_ index: Int, nested: Bool = false) -> String {
            switch plist.objects[index] {
            case .uid(let u): "→ \(u)"
            case .string(let s): "\"" + s + "\""
            case .integer(let i): String(i)
            case .unsignedInteger(let u): String(u)
            case .real(let d): String(d)
            case .bool(let b): b ? "true" : "false"
            case .date(let d): "date \(d)"
            case .data(let b): "\(b.count) bytes"
            case .null: "null"
            case .array(let refs), .set(let refs):
                nested ? "[\(refs.count) items]" : "[" + refs.prefix(16).map { show($0, nested: true) }.joined(separator: ", ")
                    + (refs.count > 16 ? ", … \(refs.count - 16) more]" : "]")
            case .dictionary(let pairs): "{\(pairs.count) keys}"
            }
        }
        var rows: [Row] = []
        for (i, m) in members.enumerated() {
            switch plist.objects[m] {
            case .dictionary(let pairs):
                let fields = pairs.map { (key: plist.string($0.key) ?? show($0.key), value: show($0.value)) }
                var what = "dictionary"
                if let c = plist.lookup(m, "$class"), case .uid(let u) = plist.objects[c], u < UInt64(members.count),
                   let n = plist.lookup(members[Int(u)], "$classname"), let name = plist.string(n) {
                    what = name
                } else if plist.lookup(m, "$classname") != nil {
                    what = "class entry"
                }
                rows.append(Row(index: i, what: what, fields: fields))
            case .string(let s) where i == 0 && s == "$null":
                rows.append(Row(index: i, what: "$null", fields: []))
            case .string:
                rows.append(Row(index: i, what: "string " + show(m), fields: []))
            default:
                rows.append(Row(index: i, what: show(m), fields: []))
            }
        }
        self.rows = rows
        let topRef = plist.lookup(plist.top, "$top")
        var top: [(key: String, uid: String)] = []
        if let topRef, case .dictionary(let pairs) = plist.objects[topRef] {
            top = pairs.map { (key: plist.string($0.key) ?? show($0.key), uid: show($0.value)) }
        }
        self.top = top
    }
}
