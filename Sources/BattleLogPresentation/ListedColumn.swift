import BattleLogKit

/// A column that a list of records (the records pane, `list`) gives one of the model's listed
/// attributes (`"listed": true`), its cells from the attribute's presenter.
public struct ListedColumn: Sendable {
    /// The attribute's position in the record's schema.
    public let index: Int
    /// The key of its title in the labels (the attribute's label).
    public let labelKey: String
    public let presenter: ValuePresenter

    /// The fixed width of its cells, right-aligned, or nil for text sharing the room left.
    public var fixedWidth: Int? { presenter.cellWidth }

    /// The listed attributes of `schema`: text first, in model order, then the fixed-width
    /// figures, which sit at the row's end as numbers do.
    public static func of(_ schema: RecordSchema) -> [ListedColumn] {
        let listed = schema.attributes.indices.filter { schema.attributes[$0].isListed }.map {
            ListedColumn(index: $0, labelKey: schema.attributes[$0].labelKey, presenter: ValuePresenters.presenter(of: schema, at: $0))
        }
        return listed.filter { $0.fixedWidth == nil } + listed.filter { $0.fixedWidth != nil }
    }

    /// The cell of `record` in this column (unescaped), and whether its value is damaged.
    public func cell(_ record: Record, labels: Labels, short: Bool) -> (text: String, isDamaged: Bool) {
        let stored = record.transformables[index]
        return (presenter.cell(stored, labels: labels, short: short), stored.error != nil)
    }
}
