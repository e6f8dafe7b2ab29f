/// A record to import, with the Humans it names and the id it had where it came from (read
/// from an export's JSON line by `RecordJSON.decode`, written by `BattleStore.importRecords`).
public struct ImportedRecord: Sendable, Equatable {
    public let id: Int64
    public let owner: Human
    /// Nil for a one-sided record (`"opponent": null`), a fight of its own.
    public let opponent: Human?
    public let draft: RecordDraft
}
