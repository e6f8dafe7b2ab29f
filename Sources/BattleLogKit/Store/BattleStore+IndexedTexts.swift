import SQLiteDB

extension BattleStore {
    /// The distinct texts stored under query path `path` (`collaborator`, `weapon.name`), in
    /// their order, at most `limit`: walked through the path's index, one seek each, so that a
    /// log of millions answers in a millisecond. Nil when the path has no filled, indexed column
    /// or holds no text (a number's path); a number stored among texts is left out.
    public func indexedTexts(ofPath path: String, limit: Int) throws(StoreError) -> [String]? {
        guard let source = queryColumns.source(path: path), source.isReady, source.index == .plain, limit > 0 else { return nil }
        let column = source.column
        // Texts sort after numbers: a column whose greatest value is no text holds none (a
        // number's path), and the walk starts at the first text (`>= ''`).
        let greatest = try run { try db.cachedStatement("SELECT max(\(column)) FROM record").map { $0.value(0) } }
        guard case .text? = greatest.first else { return nil }
        let sql = """
            WITH RECURSIVE d(v, n) AS (SELECT min(\(column)), 1 FROM record WHERE \(column) >= '' \
            UNION ALL SELECT (SELECT min(\(column)) FROM record WHERE \(column) > d.v), n + 1 FROM d WHERE d.v IS NOT NULL AND n < ?) \
            SELECT v FROM d WHERE v IS NOT NULL
            """
        let values = try run { try db.cachedStatement(sql).map([Int64(limit)]) { $0.value(0) } }
        return values.compactMap { value -> String? in if case .text(let t) = value { t } else { nil } }
    }
}
