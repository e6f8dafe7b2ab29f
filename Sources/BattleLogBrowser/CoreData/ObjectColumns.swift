import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// The objects pane's columns for an entity: the pk, the sub-entity when the list mixes
/// several, then the attributes that tell most in little room (short text, numbers and dates
/// first, then to-one references as `Person 3`, then the rest), fitted to the pane
/// (`TableView.fitted`).
extension StoreSource {
    func objectColumns(_ entity: Entity, width: Int, rows: [StoreRow]) -> [TableColumn<StoreRow>] {
        let family = store.model.family(of: entity), merged = store.model.merged(entity)
        let attributes = merged.attributes.filter { $0.column != nil }
        let toOnes = merged.relationships.filter { r in
            if case .foreignKey = r.storage { !r.toMany } else { false }
        }
        var candidates = attributes.filter { Self.rank($0.type) < 5 }.sorted { Self.rank($0.type) < Self.rank($1.type) }.map(attributeColumn)
        let relationships = toOnes.map { r in
            TableColumn<StoreRow>(id: r.name, title: SafeText.escape(r.name), width: 12) { row in
                TableCell(text: row.listed?.object?.target(of: r.name).map(Self.name) ?? "")
            }
        }
        let lastRanked = attributes.filter { Self.rank($0.type) < 4 }.count
        candidates.insert(contentsOf: relationships, at: min(lastRanked, candidates.count))
        // A row whose object is gone says so in its first column after the pk and the entity.
        var lead = [TableColumn<StoreRow>(id: "pk", title: "pk", width: 7, alignRight: true, highlights: false) { TableCell(text: String($0.key)) }]
        if family.count > 1 {
            let width = min(20, max(6, family.map { DisplayWidth.of(SafeText.escape($0.name)) }.max() ?? 6))
            lead.append(TableColumn(id: "entity", title: "entity", width: width) { TableCell(text: SafeText.escape($0.listed.flatMap { $0.object?.entity ?? $0.ref.entity } ?? "?")) })
        }
        // The widths follow the first 100 rows loaded.
        var fitted = TableView.fitted(lead: lead, candidates, width: width, sample: Array(rows.prefix(100))) { c in attributes.contains { $0.name == c.id && Self.rank($0.type) == 0 } }
        if fitted.count > lead.count {
            let first = fitted[lead.count], labels = self.labels
            fitted[lead.count] = TableColumn(id: first.id, title: first.title, width: first.width, alignRight: first.alignRight,
                                             highlights: first.highlights) { row in
                row.listed?.object == nil ? TableCell(text: labels["cd.dangling"], damaged: true) : first.cell(row)
            }
        }
        return fitted
    }

    /// Text first, then numbers, dates, identifiers; what a list cannot show (blobs, archives)
    /// never. Each kind's natural width beside.
    private static let kinds: [AttributeType: (rank: Int, width: Int)] = [
        .string: (0, 16), .uri: (0, 16), .integer16: (1, 7), .integer32: (1, 7), .integer64: (1, 10), .double: (1, 10), .float: (1, 10),
        .decimal: (1, 10), .boolean: (1, 5), .date: (2, 19), .uuid: (4, 36),
    ]

    private static func rank(_ t: AttributeType) -> Int { kinds[t]?.rank ?? 5 }

    private func attributeColumn(_ a: Attribute) -> TableColumn<StoreRow> {
        let width = Self.kinds[a.type]?.width ?? 14
        let numeric = Self.rank(a.type) == 1 && a.type != .boolean, labels = self.labels
        return TableColumn(id: a.name, title: SafeText.escape(a.name), width: width, alignRight: numeric, highlights: !numeric) { row in
            guard let value = row.listed?.object?.attributes.first(where: { $0.name == a.name })?.value, value != .null else { return TableCell(text: "") }
            let shown = TaggedValueText.shown(value, labels: labels)
            // A list shows a date to the second.
            if a.type == .date, !shown.damaged, shown.text.count >= 19 { return TableCell(text: String(shown.text.prefix(19))) }
            return TableCell(text: shown.text, damaged: shown.damaged)
        }
    }
}
