import BattleLogFoundation
import BattleLogPresentation

/// What Enter on a detail line does: fold or unfold a node of a value's tree, read a value
/// whole, say why nothing opens (the engine's), or the source's own (follow a reference).
enum DetailStep<Own: Equatable>: Equatable {
    case fold(String)
    case read
    case say(String)
    case own(Own)
}

/// One line of a detail pane whose source's detail is a tree of fields (a Core Data object, a
/// history transaction): a heading, a label and its value (a node of a value's tree that folds,
/// indented by its depth), or a line of a drawn box. What Enter does on it is a `DetailStep`,
/// the source's own steps being its `Action`.
struct DetailLine<Action: Equatable> {
    typealias Value = (text: String, style: Style)
    typealias Step = DetailStep<Action>

    /// How far in a value's tree (0: a field of its own).
    var depth = 0
    var label: String
    var value: String
    var style: Style = .normal
    var action: DetailStep<Action>?
    /// A node of a value's tree that folds (drawn `▸` closed, `▾` open).
    var folds = false
    var isOpen = false
    /// The field the line belongs to (`i` shows its bytes, `Y` copies its value).
    var attribute: String?
    /// The value's JSON, for `Y`.
    var json: JSONValue?
    /// A to-one's name, for `i` (its stored foreign key).
    var relationship: String?
    /// A line of the "Magic used" box, drawn by role.
    var box: [MagicBox.Segment]?
    var isHeading = false

    /// Whether the cursor stops on the line: headings and a box's lines are passed over.
    var isSelectable: Bool { !isHeading && box == nil }
}

extension ListCursor {
    /// On the first line worth selecting: past the headings.
    mutating func reset<Action>(to lines: [DetailLine<Action>]) {
        index = lines.firstIndex(where: \.isSelectable) ?? 0
        scroll = 0
    }

    /// Moves by `delta` selectable lines of `lines`, `visible` of them shown; at either end the
    /// rest of the pane comes into view.
    mutating func move<Action>(by delta: Int, in lines: [DetailLine<Action>], visible: Int) {
        let selectable = lines.indices.filter { lines[$0].isSelectable }
        guard !selectable.isEmpty else { return }
        let here = selectable.firstIndex(of: index) ?? 0
        let next = max(0, min(selectable.count - 1, here + delta))
        index = selectable[next]
        keepInView(count: lines.count, visible: visible)
        if next == 0 { scroll = 0 }
        if next == selectable.count - 1 { scroll = max(scroll, min(max(0, lines.count - visible), index)) }
    }
}

extension DetailLine {
    /// A value's lines as a tree that folds: a leaf is one line (Enter reads it whole), a
    /// container a node whose children show at the first level unless its path is in
    /// `toggled`, deeper ones only when it is.
    static func tree(_ value: JSONValue, label: String, path: String, depth: Int = 0, attribute: String?, toggled: Set<String>,
                     labels: Labels) -> [DetailLine] {
        let shown = TaggedValueText.shown(value, labels: labels)
        guard shown.isContainer else {
            // A null is absence's dash (dim); any other value opens whole with Enter.
            let isNull = value == .null
            return [DetailLine(depth: depth, label: label, value: shown.text, style: shown.damaged ? .damaged : isNull ? .dim : .normal,
                               action: isNull ? nil : .read, attribute: attribute, json: value)]
        }
        let open = (depth == 0) != toggled.contains(path)
        let node = DetailLine(depth: depth, label: label, value: shown.text, action: .fold(path), folds: true, isOpen: open,
                              attribute: attribute, json: value)
        guard open else { return [node] }
        return [node] + shown.children.flatMap { key, child in
            tree(child, label: SafeText.escape(key), path: path + "/" + key, depth: depth + 1, attribute: attribute, toggled: toggled,
                 labels: labels)
        }
    }
}
