import BattleLogKit
import BattleLogPresentation
import CoreDataKit

/// The detail pane of the Core Data browser: one object's attributes with their decoded values
/// (a Transformable as a tree that folds), then its relationships with their targets, each line
/// knowing what Enter does on it.
struct ObjectDetail {
    /// What Enter on a line does.
    enum Action: Equatable {
        /// Open the object a to-one points to.
        case follow(ObjectRef)
        /// Open the list of a to-many's targets.
        case list(relationship: String)
        /// A to-one whose target row is missing: said, never followed.
        case dangling(ObjectRef)
        /// Fold or unfold this node of a value's tree.
        case fold(String)
        /// Show the whole value (a long text does not fit its line).
        case read
        /// Nothing to open: say why.
        case empty(String)
    }

    typealias Line = DetailLine<Action>

    let ref: ObjectRef
    /// Nil when the row is missing (a dangling reference from a join table).
    let object: CoreDataObject?
    let lines: [Line]
    /// The detail box's title when it is not the object's name (a history transaction).
    var title: String?

    /// The lines of `listed`; `toggled` holds the tree nodes the user folded or unfolded (a
    /// node shows its children at the first level unless toggled, deeper ones only when toggled).
    static func build(_ listed: ListedObject, store: CoreDataStore, toggled: Set<String>, labels: Labels, width: Int) -> ObjectDetail {
        let e = SafeText.escape
        guard let object = listed.object else {
            let name = listed.ref.entity ?? "?"
            return ObjectDetail(ref: listed.ref, object: nil, lines: [
                Line(label: e(name) + " " + String(listed.ref.pk), value: "", style: .bold, isHeading: true),
                Line(label: labels["cd.dangling"], value: "", style: .damaged),
            ])
        }
        var lines: [Line] = [Line(label: e(object.entity) + " " + String(object.pk), value: "", style: .bold, isHeading: true)]
        let entity = store.model.entity(named: object.entity)
        if !object.attributes.isEmpty { lines.append(Line(label: labels["cd.attributes"], value: "", style: .accent, isHeading: true)) }
        for (name, value) in object.attributes {
            appendValue(&lines, label: e(name), value: value, path: "a:" + name, depth: 0, attribute: name, toggled: toggled, labels: labels)
            if let magic = TaggedValueText.magic(value) {
                let stored = StoredAttribute<Magic?>(storedText: nil, decoded: .success(magic))
                for segments in MagicBox.lines(stored, labels: labels, width: max(20, width - 4)) {
                    lines.append(Line(label: "", value: "", attribute: name, box: segments))
                }
            }
        }
        // Transient and column-less attributes are said, not hidden.
        for a in entity?.attributes ?? [] where a.column == nil || a.isTransient {
            lines.append(Line(label: e(a.name), value: labels[a.isTransient ? "cd.transient" : "cd.noColumn"], style: .dim))
        }
        let relationships = entity?.relationships ?? []
        if !relationships.isEmpty { lines.append(Line(label: labels["cd.relationships"], value: "", style: .accent, isHeading: true)) }
        for r in relationships {
            let target = r.target.map(e) ?? "?"
            switch r.storage {
            case .foreignKey:
                guard case .object(let o)? = object.relationships.first(where: { $0.name == r.name })?.value,
                      case .integer(let pk)? = o["pk"] else {
                    lines.append(Line(label: e(r.name), value: "→ " + labels["cd.none"], style: .dim,
                                      action: .empty(labels.fill("cd.noTarget", e(r.name))), relationship: r.name))
                    continue
                }
                let ref = ObjectRef(entity: { if case .string(let s)? = o["entity"] { s } else { r.target } }(), pk: pk)
                let text = "→ " + e(ref.entity ?? target) + " " + String(pk)
                if (try? store.exists(ref)) == true {
                    lines.append(Line(label: e(r.name), value: text, action: .follow(ref), relationship: r.name))
                } else {
                    lines.append(Line(label: e(r.name), value: text + " · " + labels["cd.dangling"], style: .damaged, action: .dangling(ref),
                                      relationship: r.name))
                }
            case .inverseForeignKey, .joinTable:
                let count = (try? store.targetCount(r, of: object.pk)) ?? nil
                let text = "⇉ " + target + " ×" + (count.map(GroupedNumber.text) ?? "?")
                lines.append(Line(label: e(r.name), value: text, style: count == 0 ? .dim : .normal,
                                  action: count == 0 ? .empty(labels.fill("cd.noTarget", e(r.name))) : .list(relationship: r.name)))
            case .unresolved:
                lines.append(Line(label: e(r.name), value: "→ " + target + " · " + labels["cd.unresolved"], style: .dim))
            }
        }
        return ObjectDetail(ref: listed.ref, object: object, lines: lines)
    }

    private static func appendValue(_ lines: inout [Line], label: String, value: JSONValue, path: String, depth: Int,
                                    attribute: String, toggled: Set<String>, labels: Labels) {
        let shown = TaggedValueText.shown(value, labels: labels)
        guard shown.isContainer else {
            // A null is absence's dash (dim); any other value opens whole with Enter.
            let isNull = value == .null
            lines.append(Line(depth: depth, label: label, value: shown.text,
                              style: shown.damaged ? .damaged : isNull ? .dim : .normal,
                              action: isNull ? nil : .read, attribute: attribute, json: value))
            return
        }
        let open = (depth == 0) != toggled.contains(path)
        lines.append(Line(depth: depth, label: label, value: shown.text, style: .normal, action: .fold(path), folds: true, isOpen: open,
                          attribute: attribute, json: value))
        guard open else { return }
        for (key, child) in shown.children {
            appendValue(&lines, label: SafeText.escape(key), value: child, path: path + "/" + key, depth: depth + 1,
                        attribute: attribute, toggled: toggled, labels: labels)
        }
    }
}
