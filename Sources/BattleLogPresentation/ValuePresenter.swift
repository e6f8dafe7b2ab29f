import BattleLogFoundation
import BattleLogKit

/// How a stored value of one type is shown, on every surface: one entry per value type (the
/// model's `customClassName`), handed the attribute's `StoredAttribute` itself (never the record
/// by name), damage and absence included, each spelled one way.
///
/// A surface asks for the form it needs: a list cell, a line of text (as role-tagged segments
/// that the terminal and the plain-text writer both render), and optionally a box under the
/// lines (the magic). A type with no entry gets a line from its transformer's description.
public struct ValuePresenter: Sendable {
    public typealias Stored = StoredAttribute<(any Sendable)?>

    /// The line of detail: segments after the first are extras a short pane may leave out
    /// (the time as a fraction, the dice's sparkline); `width` is the room (nil: as much as needed).
    public let line: @Sendable (_ value: any Sendable, _ labels: Labels, _ width: Int?) -> [Segment]
    /// A box shown under the lines (a surface draws it as it draws the magic box), or nil.
    public let box: (@Sendable (_ stored: Stored, _ labels: Labels, _ width: Int?, _ valueLines: Int) -> [[Segment]])?
    /// The text of a list's cell for a value; `short` when the room is tight (the records
    /// pane, a `list` narrower than the terminal).
    public let cell: @Sendable (_ value: any Sendable, _ labels: Labels, _ short: Bool) -> String
    /// The cell's width when it is a fixed-width figure (right-aligned at the row's end, like a
    /// number); nil for text that shares the room left.
    public let cellWidth: Int?
    /// The texts `/` searches in a value (a gate's name, a collaborator), none by default.
    public let searchableText: @Sendable (_ value: any Sendable) -> [String]
    /// The filter language's fields that hold those texts, for an attribute of this type named
    /// `attribute` (`weapon.name`): `/` searches them past the loaded records.
    public let searchPaths: @Sendable (_ attribute: String) -> [String]
    /// The label key that says the value is absent, when absence means something to say ("no
    /// timeline"); nil: the one spelling of absence, `—`.
    public let absentLabel: String?
    /// Whether the whole line is an extra a short pane may leave out (the detail pane keeps the
    /// magic box whole before it).
    public let lineIsExtra: Bool

    public init(line: @escaping @Sendable (_ value: any Sendable, _ labels: Labels, _ width: Int?) -> [Segment],
                box: (@Sendable (_ stored: Stored, _ labels: Labels, _ width: Int?, _ valueLines: Int) -> [[Segment]])? = nil,
                cell: @escaping @Sendable (_ value: any Sendable, _ labels: Labels, _ short: Bool) -> String,
                cellWidth: Int? = nil,
                searchableText: @escaping @Sendable (_ value: any Sendable) -> [String] = { _ in [] },
                searchPaths: @escaping @Sendable (_ attribute: String) -> [String] = { _ in [] },
                absentLabel: String? = nil, lineIsExtra: Bool = false) {
        self.absentLabel = absentLabel
        self.lineIsExtra = lineIsExtra
        self.line = line
        self.box = box
        self.cell = cell
        self.cellWidth = cellWidth
        self.searchableText = searchableText
        self.searchPaths = searchPaths
    }

    /// A piece of shown text and its role, which each surface styles its own way.
    public typealias Segment = MagicBox.Segment

    // MARK: The one spelling of absence and damage

    /// An absent value (an optional attribute with no value).
    public static let absent = "—"

    /// A damaged value's line: the reason, escaped.
    public static func damagedLine(_ error: AttributeError, labels: Labels) -> [Segment] {
        [Segment(damaged(error, labels: labels), .damaged)]
    }

    /// A record's damaged column (its owner, its result) as a line: `result: ⚠ DAMAGED (why)`.
    public static func damagedColumn(_ error: AttributeError, labels: Labels) -> String {
        SafeText.escape(error.attribute) + ": " + damaged(error, labels: labels)
    }

    /// `⚠ DAMAGED (why)`, the reason escaped.
    private static func damaged(_ error: AttributeError, labels: Labels) -> String {
        damagedCell(labels) + " (" + SafeText.escape(error.reason.description) + ")"
    }

    /// A damaged value's cell.
    public static func damagedCell(_ labels: Labels) -> String { damageSign + " " + labels["damaged"] }

    /// Damage's sign, where one cell is all there is (a Human's kind mark).
    public static let damageSign = "⚠"

    // MARK: Every form of one attribute

    /// The line of `stored` as this presenter, or absence and damage in their one spelling.
    public func line(_ stored: Stored, labels: Labels, width: Int? = nil) -> [Segment] {
        switch stored.decoded {
        case .success(let value?): line(value, labels, width)
        case .success(nil): [Segment(absentLabel.map { labels[$0] } ?? Self.absent, .dim)]
        case .failure(let e): Self.damagedLine(e, labels: labels)
        }
    }

    /// The cell of `stored`, or absence and damage in their one spelling.
    public func cell(_ stored: Stored, labels: Labels, short: Bool = false) -> String {
        switch stored.decoded {
        case .success(let value?): cell(value, labels, short)
        case .success(nil): absentLabel.map { labels[$0] } ?? Self.absent
        case .failure: Self.damagedCell(labels)
        }
    }

    /// What `/` searches in `stored` (nothing when it is absent or damaged).
    public func searchableText(_ stored: Stored) -> [String] {
        guard case .success(let value?) = stored.decoded else { return [] }
        return searchableText(value)
    }
}

/// A value type that has a presenter: found through the type its transformer decodes, so that
/// registering a transformer (`TransformerRegistry`) is the one registration a value kind needs.
/// Each of battlelog's kinds conforms in its folder (`Values/`); a type without one is shown by
/// its transformer's description.
public protocol PresentedValue {
    /// How a value of this type is shown.
    static var presenter: ValuePresenter { get }
    /// The kind's own labels by language (`"en"`, `"zh"`), merged into every `Labels` table.
    static var labels: [String: [String: String]] { get }
}

extension PresentedValue {
    public static var labels: [String: [String: String]] { [:] }
}

/// The presenter of each attribute.
public enum ValuePresenters {
    /// The presenter of attribute `index` of `schema`: its value type's, or one that uses the
    /// transformer's description when the type has none.
    public static func presenter(of schema: RecordSchema, at index: Int) -> ValuePresenter {
        let transformer = schema.transformer(at: index)
        if let presented = transformer.valueType as? PresentedValue.Type { return presented.presenter }
        return ValuePresenter(
            line: { value, _, _ in [ValuePresenter.Segment(transformer.describe(value), .reading)] },
            cell: { value, _, _ in transformer.describe(value) })
    }
}
