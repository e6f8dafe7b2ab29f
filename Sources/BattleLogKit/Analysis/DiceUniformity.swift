import SQLiteDB

extension BattleStore {
    /// How far the dice are from even: the chi-square test of how often each of 1 to 100 was
    /// rolled, each fight's dice counted once (nil without rolls). The kept dice counts are per
    /// record, and both records of a fight hold the fight's dice, so each roll of a fight with
    /// two sides is in them twice: counted so, the statistic would be twice what it is. A fight
    /// of one record (an import) counts once.
    /// `records` is how many records there are (the tallies' sum).
    public func diceUniformity(recordDice: [Int: Int], records: Int) throws(StoreError) -> ChiSquare? {
        let oneSided = try oneSidedRecordCount()
        var perFight = [Int](repeating: 0, count: 100)
        if oneSided == records {
            for v in 1...100 { perFight[v - 1] = recordDice[v] ?? 0 }
        } else {
            // The one-sided records' dice (none in a simulated log), then the rest halved.
            var lone = [Int: Int]()
            if oneSided > 0, let i = schema.index(ofValueType: "[Int]") {
                let column = schema.attributes[i].column
                try run {
                    try db.prepare("""
                        SELECT value, count(*) FROM record, json_each(record.\(column))
                        WHERE record.opponent_id IS NULL AND json_valid(record.\(column)) GROUP BY value
                        """).forEachRow { row in
                        if case .integer(let v) = row.value(0) { lone[Int(v)] = row.int(1) }
                    }
                }
            }
            for v in 1...100 {
                let l = lone[v] ?? 0
                perFight[v - 1] = max(0, (recordDice[v] ?? 0) - l) / 2 + l
            }
        }
        return ChiSquare.uniform(perFight)
    }
}
