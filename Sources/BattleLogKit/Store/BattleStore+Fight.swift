/// A record's whole fight as its two timelines tell it, for `show --timeline`, `replay` and the
/// browser's replay.
extension BattleStore {
    /// Why a record's fight has no timeline to show.
    public enum FightUnavailable: Error, Equatable, Sendable {
        /// The record (or its fight's other record) has no timeline: written before timelines,
        /// or imported.
        case noTimeline(recordID: Int64)
        /// The record's (or the other record's) stored timeline does not decode.
        case damaged(AttributeError)
        /// The record has no opponent's record to take the other side from.
        case noOtherSide(recordID: Int64)
    }

    /// The fight of `record` (side 0: its owner) and the fight's other record, or why there is
    /// none. Reads the fight's records by its index.
    public func fight(of record: Record) throws(StoreError) -> Result<(timeline: FightTimeline, other: Record), FightUnavailable> {
        let own: Timeline
        switch record.timelineAttribute {
        case .none: return .failure(.noTimeline(recordID: record.id))
        case .failure(let e)?: return .failure(.damaged(e))
        case .success(let t)?: own = t
        }
        let others = try record.fight.map { f throws(StoreError) in try records(ofFight: f) } ?? []
        guard let other = others.first(where: { $0.id != record.id }) else { return .failure(.noOtherSide(recordID: record.id)) }
        switch other.timelineAttribute {
        case .none: return .failure(.noTimeline(recordID: other.id))
        case .failure(let e)?: return .failure(.damaged(e))
        case .success(let theirs)?: return .success((FightTimeline(own, theirs), other))
        }
    }
}

extension Record {
    /// Why `fight` (this record's side first) contradicts this record: its result, its
    /// duration (the model's required attribute of type `MediaTime`) or its dice; nil when they
    /// agree, or when the record's values to compare are missing or damaged (the decode names those).
    public func contradiction(in fight: FightTimeline) -> String? {
        guard let result, let duration = fightDuration else { return nil }
        return fight.contradiction(result: result, duration: duration, dice: dice?.count ?? 0)
    }

    /// How long the fight lasted: the model's required attribute of type `MediaTime`, when it
    /// decodes.
    public var fightDuration: MediaTime? {
        guard let i = schema.attributes.firstIndex(where: { $0.valueClassName == "MediaTime" && !$0.isOptional }),
              case .success(let v?) = transformables[i].decoded else { return nil }
        return v as? MediaTime
    }
}
