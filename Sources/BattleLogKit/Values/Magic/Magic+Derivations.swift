import SQLiteDB

extension Magic {
    /// The query columns a model may derive from a magic value: `type` (its kind's type name)
    /// and each field the filter language tests, under its stored name (`powerOfEvilGate`),
    /// NULL for a value of another kind. A value whose fields its kind would refuse to read
    /// (a power of 42) derives nothing, as the decoder reads it as damaged: a filter on these
    /// columns matches exactly the records whose magic decodes.
    static let derivations: [String: (sqlType: String, derive: @Sendable (Magic) -> SQLiteValue)] = {
        var table: [String: (sqlType: String, derive: @Sendable (Magic) -> SQLiteValue)] = [
            "type": ("TEXT", { m in m.isReadable ? .text(m.typeName) : .null }),
        ]
        for kind in MagicCatalog.kinds {
            let typeName = kind.typeName
            for field in kind.filterFields {
                let name = field.name
                table[name] = (field.type == .integer ? "INTEGER" : "TEXT", { m in
                    guard m.typeName == typeName, m.isReadable,
                          let value = m.value.storedFields.first(where: { $0.key == name })?.value else { return .null }
                    switch value {
                    case .integer(let i): return .integer(i)
                    case .string(let s): return .text(s)
                    default: return .null
                    }
                })
            }
        }
        return table
    }()

    /// Whether the decoder would read this value back: its kind accepts its stored fields.
    var isReadable: Bool {
        let fields = Dictionary(value.storedFields.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        return (try? type(of: value).init(fields: fields)) != nil
    }
}
