import BattleLogKit
import BattleLogPresentation
import CoreDataKit

/// What Enter on a line of the Core Data browser's detail does beside the engine's steps.
enum StoreAction: Equatable {
    /// Open the object a to-one (or a change of the history) points to.
    case follow(ObjectRef)
    /// Open the list of a to-many's targets: the relationship, its entity, the object it is followed from.
    case list(relationship: String, of: String, owner: ObjectRef)
}

/// An object's detail: its attributes with their decoded values (a Transformable as a tree
/// that folds, magic in its box), then its relationships with their targets.
extension StoreSource {
    typealias Line = DetailLine<StoreAction>

    func objectDetail(_ listed: ListedObject, toggled: Set<String>, width: Int) -> DetailPage<StoreAction> {
        let e = SafeText.escape, title = Self.name(listed.ref)
        guard let object = listed.object else {
            return DetailPage(title: title, lines: [Line(label: title, value: "", style: .bold, isHeading: true),
                                                    Line(label: labels["cd.dangling"], value: "", style: .damaged)])
        }
        var lines = [Line(label: Self.name(ObjectRef(entity: object.entity, pk: object.pk)), value: "", style: .bold, isHeading: true)]
        let entity = store.model.entity(named: object.entity)
        if !object.attributes.isEmpty { lines.append(Line(label: labels["cd.attributes"], value: "", style: .accent, isHeading: true)) }
        for (name, value) in object.attributes {
            lines += Line.tree(value, label: e(name), path: "a:" + name, attribute: name, toggled: toggled, labels: labels)
            if let magic = TaggedValueText.magic(value) {
                let stored = StoredAttribute<Magic?>(storedText: nil, decoded: .success(magic))
                lines += MagicBox.lines(stored, labels: labels, width: max(20, width - 4)).map { Line(label: "", value: "", attribute: name, box: $0) }
            }
        }
        // Transient and column-less attributes are said, not hidden.
        for a in entity?.attributes ?? [] where a.column == nil || a.isTransient {
            lines.append(Line(label: e(a.name), value: labels[a.isTransient ? "cd.transient" : "cd.noColumn"], style: .dim))
        }
        let relationships = entity?.relationships ?? []
        if !relationships.isEmpty { lines.append(Line(label: labels["cd.relationships"], value: "", style: .accent, isHeading: true)) }
        for r in relationships {
            let target = r.target.map(e) ?? "?", none = Line.Step.say(labels.fill("cd.noTarget", e(r.name)))
            switch r.storage {
            case .foreignKey:
                guard let to = object.target(of: r.name) else {
                    lines.append(Line(label: e(r.name), value: "→ " + labels["cd.none"], style: .dim, action: none, relationship: r.name)); continue
                }
                let ref = ObjectRef(entity: to.entity ?? r.target, pk: to.pk), text = "→ " + e(ref.entity ?? target) + " " + String(ref.pk)
                // A guessed relationship's target that no table names cannot be looked for: it is not said to be missing.
                let unknown = ref.entity == nil, why = unknown ? labels["cd.unknownTarget"] : (try? store.exists(ref)) == true ? nil : labels["cd.dangling"]
                lines.append(why.map { Line(label: e(r.name), value: text + " · " + $0, style: unknown ? .dim : .damaged,
                                            action: .say(unknown ? e(r.name) + ": " + $0 : labels.fill("cd.danglingFollow", Self.name(ref))), relationship: r.name) }
                    ?? Line(label: e(r.name), value: text, action: .own(.follow(ref)), relationship: r.name))
            case .inverseForeignKey, .joinTable:
                let count = (try? store.targetCount(r, of: object.pk)) ?? nil
                lines.append(Line(label: e(r.name), value: "⇉ " + target + " ×" + (count.map(GroupedNumber.text) ?? "?"), style: count == 0 ? .dim : .normal,
                                  action: count == 0 ? none : .own(.list(relationship: r.name, of: object.entity, owner: listed.ref))))
            case .unresolved:
                lines.append(Line(label: e(r.name), value: "→ " + target + " · " + labels["cd.unresolved"], style: .dim))
            }
        }
        return DetailPage(title: title, lines: lines)
    }
}
