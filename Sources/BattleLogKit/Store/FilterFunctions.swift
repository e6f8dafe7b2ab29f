import SQLiteDB

/// The SQL functions the filter language compiles to, registered on every connection a store
/// opens.
enum FilterFunctions {
    /// The SQL functions the filter language compiles to: `bl_contains(text, needle)` (Unicode,
    /// case-insensitive), `bl_magic_status(stored magic)` (the decoder's verdict: a magic type,
    /// 'none' or 'damaged') and `bl_derived(path, stored)` (a query column's value computed from
    /// the stored form, while the column itself is still being filled), `bl_decodes(path, stored)`
    /// (whether that stored form decodes).
    static func register(on db: Database, attributes: [ResolvedAttribute]) throws(SQLiteError) {
        var derivations: [String: (ResolvedAttribute, AnyValueTransformer.Derivation)] = [:]
        for a in attributes { for d in a.derived { derivations[d.column.path] = (a, d.derivation) } }
        try db.createFunction("bl_derived", argumentCount: 2) { [derivations] args in
            guard case .text(let path) = args[0], let (a, derivation) = derivations[path],
                  let value = (try? a.transformer.value(fromColumn: args[1], range: a.attribute.range)) ?? nil else { return .null }
            return derivation.value(of: value)
        }
        // Whether the stored form of the attribute behind `path` decodes (within its range): tells
        // a value without a derived number from a damaged one.
        try db.createFunction("bl_decodes", argumentCount: 2) { [derivations] args in
            guard case .text(let path) = args[0], let (a, _) = derivations[path] else { return .integer(0) }
            if case .null = args[1] { return .integer(0) }
            return .integer((try? a.transformer.value(fromColumn: args[1], range: a.attribute.range)) != nil ? 1 : 0)
        }
        // A query calls it once a row with the same needle: the needle is folded once.
        let search = RepeatedTextSearch()
        try db.createTextPredicate("bl_contains") { search.matches(utf8: $0, needle: $1) }
        let magic = MagicTransformer()
        try db.createFunction("bl_magic_status", argumentCount: 1) { args in
            switch args[0] {
            case .null: return .text("none")
            case .text(let text):
                do { return .text(try magic.value(fromStored: text)?.typeName ?? "none") }
                catch { return .text("damaged") }
            default: return .text("damaged")
            }
        }
    }
}
