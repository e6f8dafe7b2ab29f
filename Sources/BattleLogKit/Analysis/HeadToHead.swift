/// Two Humans' fights against each other (`stats --vs A B`): the tally from the first's side,
/// the first's win rate month by month, the magic each used against the other, and the newest
/// of those fights.
public struct HeadToHead: Sendable {
    public let first: Human
    public let second: Human
    /// The first's records against the second: their count and results.
    public let tally: GroupCount
    /// The first's records against the second by month (oldest first).
    public let byMonth: [GroupCount]
    /// What each used against the other, by its magic's name (formula, gate), most used first;
    /// records without magic are the absent group.
    public let firstMagic: [GroupCount]
    public let secondMagic: [GroupCount]
    /// The first's records of their newest fights, newest first.
    public let recent: [Record]

    /// The filter field naming a Human's magic: the first text field of the magic of their kind
    /// (a hero's formula, a villain's gate).
    public static func magicField(of h: Human) -> GroupField? {
        guard let kind = h.kind, let magic = MagicCatalog.kind(named: kind.rawValue),
              let field = magic.filterFields.first(where: { $0.type == .text }) else { return nil }
        return .magicField(type: magic.typeName, name: field.name)
    }
}

extension BattleStore {
    /// `first` against `second`, with their `recent` newest fights.
    public func headToHead(_ first: Human, _ second: Human, recent: Int = 20) throws -> HeadToHead {
        // Each side's records of their fights together: owner one, opponent the other.
        func side(_ owner: Human, _ opponent: Human) -> CompiledFilter {
            FilterCompiler.compile(.and(.comparison(.owner, .equal, .text(owner.name)), .comparison(.opponent, .equal, .text(opponent.name))),
                                   roster: humans.filter { $0.id == owner.id || $0.id == opponent.id }, columns: queryColumns)
        }
        let mine = side(first, second), theirs = side(second, first)
        var tally = GroupCount(key: .human(first))
        for g in try groupCounts(by: .result, where: mine) { tally.add(g) }
        let byMonth = GroupOrder.value.sorted(try groupCounts(by: .date(.month), where: mine))
        let firstMagic = try HeadToHead.magicField(of: first).map { try GroupOrder.count.sorted(groupCounts(by: $0, where: mine)) } ?? []
        let secondMagic = try HeadToHead.magicField(of: second).map { try GroupOrder.count.sorted(groupCounts(by: $0, where: theirs)) } ?? []
        let newest = try page(RecordQuery(ownerID: first.id, filter: mine), limit: recent)
        return HeadToHead(first: first, second: second, tally: tally, byMonth: byMonth, firstMagic: firstMagic,
                          secondMagic: secondMagic, recent: newest)
    }
}
