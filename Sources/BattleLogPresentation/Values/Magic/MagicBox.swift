import BattleLogKit

/// The "Magic used" box, laid out once for `show` and the browser's detail pane: labelled rows
/// (a long value wraps under itself), a meter for a bounded field such as the gate's power, or
/// the reason the stored magic could not be read. Each surface draws the segments its own way
/// (plain text, or the browser's styles by role).
public enum MagicBox {
    /// What a piece of the box is, for the surface to style it.
    public enum Role: Sendable, Equatable {
        case border, title, damagedTitle, label, hero, villain, meterFilled, meterEmpty, reading, dim, damaged, accent
    }

    public struct Segment: Sendable, Equatable {
        public let text: String
        public let role: Role
        public init(_ text: String, _ role: Role) {
            self.text = text
            self.role = role
        }
    }

    /// The box's lines for `magic`. `width` is the most columns it may take (nil: as wide as its
    /// content); a long value wraps over at most `valueLines` lines. Text from the database is
    /// escaped.
    public static func lines(_ magic: StoredAttribute<Magic?>, labels: Labels, width: Int? = nil, valueLines: Int = 3) -> [[Segment]] {
        let limit = width ?? Int.max / 4
        var rows: [[Segment]] = []
        var title = Segment(labels["magicUsed"], .title)
        switch magic.decoded {
        case .success(let magic?):
            let lw = magic.displayFields.map { DisplayWidth.of(labels[$0.labelKey]) }.max() ?? 0
            let valueWidth = max(4, limit - 4 - lw - 2)
            let valueRole: Role = magic.typeName == "hero" ? .hero : .villain
            for f in magic.displayFields {
                let label = labelSegment(labels[f.labelKey], width: lw)
                if let meter = f.meter {
                    let parts = Meter.parts(value: meter.value, range: meter.range)
                    rows.append([label, Segment(parts.filled, .meterFilled), Segment(parts.empty, .meterEmpty),
                                 Segment(" \(meter.value)/\(meter.range.upperBound)", .reading)])
                    continue
                }
                rows += labelled(label, labelWidth: lw, SafeText.escape(f.text), valueRole,
                                 valueWidth: width == nil ? nil : valueWidth, maxLines: valueLines)
            }
        case .success(nil):
            rows.append([Segment(labels["noMagic"], .dim)])
        case .failure(let e):
            title = damagedTitle(labels["magic"], labels: labels)
            rows = damagedRows(e, width: width, limit: limit)
        }
        return framed(title: title, rows: rows, limit: limit)
    }

    /// A damaged value's box title: what the box is and damage's one spelling (`Magic ⚠ DAMAGED`).
    static func damagedTitle(_ name: String, labels: Labels) -> Segment {
        Segment(name + " " + ValuePresenter.damagedCell(labels), .damagedTitle)
    }

    /// A row's label, padded to `width` and the gap after it.
    static func labelSegment(_ label: String, width: Int) -> Segment {
        Segment(DisplayWidth.pad(label, to: width) + "  ", .label)
    }

    /// A labelled value wrapped over at most `maxLines` rows of `valueWidth` (one row when nil),
    /// its further rows indented under the first.
    static func labelled(_ label: Segment, labelWidth: Int, _ text: String, _ role: Role, valueWidth: Int?, maxLines: Int) -> [[Segment]] {
        let pieces = valueWidth.map { DisplayWidth.wrap(text, to: $0, maxLines: maxLines) } ?? [text]
        return pieces.enumerated().map { i, piece in
            [i == 0 ? label : Segment(String(repeating: " ", count: labelWidth + 2), .label), Segment(piece, role)]
        }
    }

    /// Why a stored value was refused, escaped and wrapped to the box (one row when `width` is nil).
    static func damagedRows(_ error: AttributeError, width: Int?, limit: Int) -> [[Segment]] {
        let reason = SafeText.escape(error.reason.description)
        return (width == nil ? [reason] : DisplayWidth.wrap(reason, to: max(10, limit - 4))).map { [Segment($0, .damaged)] }
    }

    /// `rows` in a box titled `title`, at most `limit` columns wide (each row cut to fit): the
    /// frame every value's box shares.
    public static func framed(title: Segment, rows: [[Segment]], limit: Int) -> [[Segment]] {
        let content = rows.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
        let inner = max(10, min(limit - 4, max(DisplayWidth.of(title.text) + 4, content)))
        var out: [[Segment]] = []
        let topRule = String(repeating: "─", count: max(0, inner - DisplayWidth.of(title.text) - 1))
        out.append([Segment("┌─ ", .border), title, Segment(" " + topRule + "┐", .border)])
        for segments in rows {
            var line = [Segment("│ ", .border)]
            var used = 0
            for segment in segments {
                let t = DisplayWidth.truncate(segment.text, to: inner - used)
                line.append(Segment(t, segment.role))
                used += DisplayWidth.of(t)
            }
            line.append(Segment(String(repeating: " ", count: max(0, inner - used)) + " │", .border))
            out.append(line)
        }
        out.append([Segment("└" + String(repeating: "─", count: inner + 2) + "┘", .border)])
        return out
    }

    /// The box as plain lines (the command line).
    public static func plain(_ lines: [[Segment]]) -> [String] {
        lines.map { $0.map(\.text).joined() }
    }
}
