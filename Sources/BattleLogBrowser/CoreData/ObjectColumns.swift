import BattleLogKit
import BattleLogPresentation
import CoreDataKit

/// The objects pane's columns for an entity and a width: the pk, the sub-entity when the list
/// mixes several, then the attributes that tell most in little room: short text, numbers and
/// dates first, then to-one references (`Person 3`), then the rest; as many as fit the pane,
/// the others past its right edge.
struct ObjectColumns {
    enum Source: Equatable {
        case pk, entity
        case attribute(String, AttributeType)
        case toOne(String)
    }

    struct Column: Equatable {
        var title: String
        var source: Source
        var width: Int
        var alignRight = false

        /// What a column layout knows it by.
        var id: String {
            switch source {
            case .pk: "pk"
            case .entity: "entity"
            case .attribute(let name, _), .toOne(let name): name
            }
        }
    }

    let columns: [Column]

    init(entity: Entity, model: CoreDataModel, width: Int) {
        let family = model.family(of: entity)
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        for e in family {
            for a in e.attributes where a.column != nil && !attributes.contains(where: { $0.name == a.name }) { attributes.append(a) }
            for r in e.relationships where !r.toMany && !relationships.contains(where: { $0.name == r.name }) {
                if case .foreignKey = r.storage { relationships.append(r) }
            }
        }
        func rank(_ t: AttributeType) -> Int {
            switch t {
            case .string, .uri: 0
            case .integer16, .integer32, .integer64, .double, .float, .decimal, .boolean: 1
            case .date: 2
            case .uuid: 4
            default: 5
            }
        }
        func natural(_ t: AttributeType) -> Int {
            switch t {
            case .string, .uri: 16
            case .boolean: 5
            case .integer16, .integer32: 7
            case .integer64, .double, .float, .decimal: 10
            case .date: 19
            case .uuid: 36
            default: 14
            }
        }
        var candidates: [Column] = attributes.sorted { rank($0.type) < rank($1.type) }.filter { rank($0.type) < 5 }.map {
            Column(title: SafeText.escape($0.name), source: .attribute($0.name, $0.type), width: natural($0.type),
                   alignRight: rank($0.type) == 1 && $0.type != .boolean)
        }
        let toOnes = relationships.map { Column(title: SafeText.escape($0.name), source: .toOne($0.name), width: 12) }
        candidates.insert(contentsOf: toOnes, at: candidates.firstIndex { if case .attribute(_, let t) = $0.source { rank(t) >= 4 } else { false } } ?? candidates.count)
        var chosen = [Column(title: "pk", source: .pk, width: 7, alignRight: true)]
        if family.count > 1 {
            chosen.append(Column(title: "entity", source: .entity, width: min(14, max(6, family.map { DisplayWidth.of(SafeText.escape($0.name)) }.max() ?? 6))))
        }
        var used = chosen.reduce(0) { $0 + $1.width + 1 }
        var beyond: [Column] = []
        for c in candidates {
            // A title wider than the column's natural width gets its room (up to 20).
            var column = c
            column.width = max(c.width, min(20, DisplayWidth.of(c.title)))
            if used + column.width <= width {
                chosen.append(column)
                used += column.width + 1
            } else if case .attribute(_, let t) = c.source, rank(t) == 0, width - used >= 8 {
                column.width = width - used
                chosen.append(column)
                used = width
            } else {
                beyond.append(column)
            }
        }
        // What is left goes to the first text column (or the last column).
        if used < width, let i = chosen.firstIndex(where: { if case .attribute(_, let t) = $0.source { rank(t) == 0 } else { false } }) ?? chosen.indices.last {
            chosen[i].width += width - used
        }
        // The columns that did not fit lie past the pane's right edge (`]` scrolls to them).
        columns = chosen + beyond
    }

    /// The columns as the list's table draws them.
    func table(labels: Labels) -> [TableColumn<ListedObject>] {
        // A row whose object is gone says so in its first column after the pk and the entity.
        let firstValue = columns.firstIndex { $0.source != .pk && $0.source != .entity }
        return columns.enumerated().map { i, c in
            TableColumn(id: c.id, title: c.title, width: c.width, alignRight: c.alignRight, highlights: !c.alignRight) { row in
                guard let object = row.object else {
                    switch c.source {
                    case .pk: return TableCell(text: String(row.ref.pk))
                    case .entity: return TableCell(text: SafeText.escape(row.ref.entity ?? "?"))
                    default: return TableCell(text: i == firstValue ? labels["cd.dangling"] : "", damaged: true)
                    }
                }
                switch c.source {
                case .pk: return TableCell(text: String(object.pk))
                case .entity: return TableCell(text: SafeText.escape(object.entity))
                case .attribute(let name, let type):
                    guard let value = object.attributes.first(where: { $0.name == name })?.value, value != .null else { return TableCell(text: "") }
                    let shown = TaggedValueText.shown(value, labels: labels)
                    // A list shows a date to the second.
                    if type == .date, !shown.damaged, shown.text.count >= 19 { return TableCell(text: String(shown.text.prefix(19))) }
                    return TableCell(text: shown.text, damaged: shown.damaged)
                case .toOne(let name):
                    return TableCell(text: object.relationships.first(where: { $0.name == name }).flatMap { Self.toOneText($0.value) } ?? "")
                }
            }
        }
    }

    /// A to-one's target as its cell shows it (`Book 3`); nil for no target.
    static func toOneText(_ value: JSONValue) -> String? {
        guard case .object(let o) = value, case .integer(let pk)? = o["pk"] else { return nil }
        let entity = if case .string(let s)? = o["entity"] { s } else { "?" }
        return SafeText.escape(entity) + " " + String(pk)
    }
}
