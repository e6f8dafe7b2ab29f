import SQLiteDB

/// A Human's page: their win rate over time and the magic they use most.
public struct HumanProfile: Sendable, Equatable {
    /// How wide one point of the win-rate line is, chosen from the span of the Human's records.
    public enum Period: String, Sendable {
        case day, week, month
        var seconds: Int64 { switch self { case .day: 86_400; case .week: 604_800; case .month: 2_629_746 } }
    }

    /// One point: the records of one period and how many were wins.
    public struct Point: Sendable, Equatable {
        public let start: Int64
        public let records: Int
        public let wins: Int
        /// 0 to 100.
        public var winRate: Int { records == 0 ? 0 : wins * 100 / records }
    }

    public let humanID: Int64
    public let period: Period
    /// Oldest first; periods without records are left out.
    public let points: [Point]
    public let first: Int64?
    public let last: Int64?
    /// The formula (a hero) or the gate (a villain) used most, and how often.
    public let favourite: (name: String, uses: Int)?

    public static func == (a: HumanProfile, b: HumanProfile) -> Bool {
        a.humanID == b.humanID && a.period == b.period && a.points == b.points && a.first == b.first && a.last == b.last
            && a.favourite?.name == b.favourite?.name && a.favourite?.uses == b.favourite?.uses
    }
}

extension BattleStore {
    /// The profile of the Human `id`: over the owner index (dates), and the records themselves
    /// for the results and the magic: tens of milliseconds for a Human with 100,000 records, so
    /// the browser asks for it off the key path.
    public func humanProfile(id: Int64, kind: HumanKind?) throws(StoreError) -> HumanProfile {
        try run {
            let span = try db.cachedStatement(
                "SELECT min(date), max(date) FROM record WHERE owner_id = ? AND typeof(date) = 'integer'")
                .first([id]) { ($0.isNull(0) ? nil : $0.int64(0), $0.isNull(1) ? nil : $0.int64(1)) }
            let first = span?.0, last = span?.1
            // Dates at the edges of Int64 (a damaged log) must not overflow: such a span is months.
            let (width, overflow) = (last ?? 0).subtractingReportingOverflow(first ?? 0)
            let period: HumanProfile.Period = overflow ? .month : width <= 60 * 86_400 ? .day : width <= 2 * 365 * 86_400 ? .week : .month
            let points = try db.cachedStatement("""
                SELECT date / ?, count(*), sum(result = 'win') FROM record
                WHERE owner_id = ? AND typeof(date) = 'integer' GROUP BY 1 ORDER BY 1
                """).map([period.seconds, id]) { row in
                HumanProfile.Point(start: row.int64(0) &* period.seconds, records: row.int(1), wins: row.int(2))
            }
            var favourite: (String, Int)?
            if let kind {
                // As the filter reads the field: its query column once filled.
                let column = FilterCompiler.valueSQL(FilterField.named(kind == .hero ? "formula" : "gate")!, columns: queryColumns).sql
                favourite = try db.cachedStatement("""
                    SELECT \(column), count(*) AS uses FROM record WHERE owner_id = ? AND \(column) IS NOT NULL
                    GROUP BY 1 ORDER BY uses DESC, 1 LIMIT 1
                    """).first([id]) { ($0.string(0) ?? "", $0.int(1)) }
            }
            return HumanProfile(humanID: id, period: period, points: points, first: first, last: last, favourite: favourite)
        }
    }
}
