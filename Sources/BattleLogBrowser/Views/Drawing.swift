import BattleLogKit
import BattleLogPresentation

/// Small drawing helpers shared by the views.
enum Drawing {
    /// A box with a title in its top border; the focused box is drawn bold.
    /// `markAbove`: the box's top carries a list's ↑ (`moreMarks`), which the title stops short of.
    static func box(_ s: Screen, _ r: Rect, title: String, focused: Bool, markAbove: Bool = false) {
        guard r.height >= 2, r.width >= 4 else { return }
        let style: Style = focused ? .accent : .border
        s.put(r.top, r.left, "┌" + String(repeating: "─", count: r.width - 2) + "┐", style: style)
        for row in (r.top + 1)..<(r.bottom - 1) {
            s.put(row, r.left, "│", style: style)
            s.put(row, r.right - 1, "│", style: style)
        }
        s.put(r.bottom - 1, r.left, "└" + String(repeating: "─", count: r.width - 2) + "┘", style: style)
        // Cut inside its spaces: an ellipsis never runs into the border, nor under the ↑.
        let t = " " + DisplayWidth.truncate(title, to: max(0, r.width - (markAbove ? 9 : 6))) + " "
        s.put(r.top, r.left + 2, t, style: focused ? .bold : .normal)
    }

    /// The key column of a keyed overlay: its widest key, 22 columns at most.
    static func keyColumnWidth(_ lines: [(String, String)]) -> Int {
        min(22, lines.filter { !$0.1.isEmpty }.map { DisplayWidth.of($0.0) }.max() ?? 10)
    }

    /// The width a keyed overlay needs to show every line whole (borders and gaps included).
    static func keyedWidth(_ lines: [(String, String)]) -> Int {
        let keys = keyColumnWidth(lines)
        return lines.map { $0.1.isEmpty ? DisplayWidth.of($0.0) + 4 : keys + DisplayWidth.of($0.1) + 5 }.max() ?? 0
    }

    /// Keyed lines for an overlay `width` wide: a description too long for its room goes on
    /// under itself, beside no key, instead of being cut.
    static func wrappedKeyed(_ lines: [(String, String)], width: Int) -> [(String, String)] {
        let room = max(10, width - keyColumnWidth(lines) - 5)
        return lines.flatMap { key, text -> [(String, String)] in
            guard !text.isEmpty, DisplayWidth.of(text) > room else { return [(key, text)] }
            return DisplayWidth.wrap(text, to: room, maxLines: 20).enumerated().map { ($0.offset == 0 ? key : "", $0.element) }
        }
    }

    /// An overlay: `r` cleared, boxed under `title`, and `lines` from `scroll` on, with marks
    /// when there is more above or below. `keyed`: each line is a key and what it does (the
    /// keys set a column; a line without a description is a heading, in bold, and may run on);
    /// else each line is text as it is.
    static func overlay(_ s: Screen, _ r: Rect, title: String, lines: [(String, String)], scroll: Int, keyed: Bool) {
        clear(s, r)
        box(s, r, title: title + "  (Esc/q)", focused: true, markAbove: scroll > 0)
        let keyWidth = keyColumnWidth(lines)
        for (i, line) in lines.dropFirst(scroll).prefix(r.height - 2).enumerated() {
            let y = r.top + 1 + i
            guard keyed, !line.1.isEmpty else {
                s.put(y, r.left + 2, DisplayWidth.truncate(line.0, to: r.width - 4), style: keyed ? .bold : .normal)
                continue
            }
            s.put(y, r.left + 2, DisplayWidth.pad(line.0, to: keyWidth), style: .accent)
            s.put(y, r.left + 3 + keyWidth, DisplayWidth.truncate(line.1, to: r.width - keyWidth - 5), style: .normal)
        }
        moreMarks(s, r, above: scroll > 0, below: scroll + r.height - 2 < lines.count)
    }

    /// The status bar's line at `row`: `parts` on the left, separated; a `message` wins the
    /// room (the other parts step aside, last first, before it is cut); `trailing` stands last
    /// on the left, after the message, whole or not at all; on the right the focused pane's
    /// `hint` when it fits, else `fallback`. Help is always one key away: `shortHint` keeps its
    /// room whatever else is said.
    static func statusLine(_ s: Screen, row: Int, columns: Int, parts: [String], message: String?, trailing: [String] = [],
                           hint: String, fallback: String, shortHint: String) {
        var parts = parts
        var available = max(0, columns - DisplayWidth.of(shortHint) - 2)
        var hintRoom = true
        if let message {
            // A message longer than the room beside the hints takes the whole line: it is news,
            // and `?` is there with or without its hint.
            if DisplayWidth.of(" " + message) > available {
                (available, hintRoom, parts) = (max(0, columns - 1), false, [])
            }
            while parts.count > 0 && DisplayWidth.of(" " + (parts + [message]).joined(separator: " │ ")) > available { parts.removeLast() }
            parts.append(message)
        }
        if hintRoom {
            for t in trailing where DisplayWidth.of(" " + (parts + [t]).joined(separator: " │ ")) <= available { parts.append(t) }
        }
        let left = DisplayWidth.truncate(" " + parts.joined(separator: " │ "), to: available)
        let room = columns - DisplayWidth.of(left)
        s.put(row, 0, left, style: .statusBar)
        guard hintRoom else { return }
        let shown = room > DisplayWidth.of(hint) + 2 ? hint : fallback
        if !shown.isEmpty { s.put(row, columns - DisplayWidth.of(shown), shown, style: .statusBar) }
    }

    /// The actions the function-key bar names, in its order (those without a key in the
    /// context are left out; quit stays when the row is short).
    static let keyBarActions: [Action] = [.help, .search, .filter, .sort, .mark, .export, .stats, .replay, .pager, .quit]

    /// The function-key bar: each action's first key, then its short name (`F1 Help`, `/ Search`),
    /// as the key map has them (a remapped key shows as remapped).
    static func keyBar(_ s: Screen, _ l: Layout, keyMap: KeyMap, context: KeyContext, labels: Labels) {
        guard let bar = l.keyBar else { return }
        s.fill(bar.top, 0, width: bar.width, style: .statusBar)
        var items: [(key: String, name: String)] = keyBarActions.compactMap { action in
            guard let b = keyMap.bindings.first(where: { $0.action == action && $0.context == context }), let key = b.keys.first else { return nil }
            return (key.label, " " + labels["bar." + action.rawValue])
        }
        // Two columns between items, none after the last.
        func width(_ items: [(key: String, name: String)]) -> Int { items.reduce(-2) { $0 + DisplayWidth.of($1.key) + DisplayWidth.of($1.name) + 2 } }
        while width(items) > bar.width, items.count > 1 { items.remove(at: items.count - 2) }
        var x = 0
        for item in items where x < bar.width {
            s.put(bar.top, x, DisplayWidth.truncate(item.key, to: bar.width - x), style: .selected)
            x += DisplayWidth.of(item.key)
            let name = DisplayWidth.truncate(item.name, to: max(0, bar.width - x))
            s.put(bar.top, x, name, style: .statusBar)
            x += DisplayWidth.of(name) + 2
        }
    }

    /// Says the terminal is too small for the layout, over the whole screen; false when it is not.
    static func tooSmall(_ s: Screen, _ l: Layout, labels: Labels) -> Bool {
        guard l.isTooSmall else { return false }
        // The sizes compared stay on one line: no-break spaces around `<`, drawn as spaces.
        let comparison = "\(l.columns)x\(l.rows)\u{A0}<\u{A0}\(Layout.minimumColumns)x\(Layout.minimumRows)"
        let msg = labels.fill("tooSmall", comparison)
        for (i, line) in DisplayWidth.wrap(msg, to: l.columns, maxLines: max(1, l.rows), atSpaces: true).enumerated() {
            s.put(i, 0, line.replacingOccurrences(of: "\u{A0}", with: " "), style: .bold)
        }
        return true
    }

    /// An overlay `width` columns wide (the screen's at most), as tall as `lineCount` lines
    /// and its border (the body's height at most), in the middle of the body.
    static func overlayRect(_ l: Layout, width: Int, lineCount: Int) -> Rect {
        let full = HelpView.overlayRect(l, width: width)
        let height = min(full.height, max(lineCount, 1) + 2)
        return Rect(top: full.top + (full.height - height) / 2, left: full.left, height: height, width: full.width)
    }

    /// Clears a rectangle (overlays draw over the panes), and the column either side of it, so
    /// that no pane's border glyph stands against the overlay's (`┌┌`, `└└`).
    static func clear(_ s: Screen, _ r: Rect) {
        let left = max(0, r.left - 1), right = min(s.columns, r.right + 1)
        for row in r.top..<r.bottom { s.fill(row, left, width: right - left, style: .normal) }
    }

    /// `text` padded or cut to `width` columns, written at (row, column).
    static func field(_ s: Screen, _ row: Int, _ column: Int, _ text: String, width: Int, style: Style = .normal) {
        guard width > 0 else { return }
        s.put(row, column, DisplayWidth.pad(text, to: width), style: style)
    }

    /// Redraws the first match of the search's `pattern` in `shown`, which was drawn at (row,
    /// column), in the match style.
    static func highlight(_ s: Screen, _ row: Int, _ column: Int, shown: String, pattern: SearchPattern?) {
        guard let pattern, let range = pattern.range(in: shown) else { return }
        let before = DisplayWidth.of(String(shown[..<range.lowerBound]))
        s.put(row, column + before, String(shown[range]), style: .match)
    }

    static func style(for result: FightResult?) -> Style {
        switch result {
        case .win?: .win
        case .loss?: .loss
        case .draw?: .draw
        case nil: .damaged
        }
    }

    static func style(for kind: HumanKind?) -> Style {
        switch kind {
        case .hero?: .hero
        case .villain?: .villain
        case nil: .damaged
        }
    }

    /// ↑ on the top border and ↓ on the bottom one when a list inside `r` has more lines
    /// above or below what is shown.
    static func moreMarks(_ s: Screen, _ r: Rect, above: Bool, below: Bool) {
        if above { s.put(r.top, r.right - 5, " ↑ ", style: .accent) }
        if below { s.put(r.bottom - 1, r.right - 5, " ↓ ", style: .accent) }
    }

    /// The title bar: `left` (cut where it would reach `right`) and `right` at the row's end.
    static func titleBar(_ s: Screen, columns: Int, left: String, right: String) {
        s.fill(0, 0, width: columns, style: .title)
        s.put(0, 0, DisplayWidth.truncate(left, to: columns - DisplayWidth.of(right) - 1), style: .title)
        s.put(0, columns - DisplayWidth.of(right), right, style: .title)
    }

    /// The marks for a window of a long list showing `visible` rows.
    static func moreMarks<Row>(_ s: Screen, _ r: Rect, _ w: KeyedWindow<Row>, visible: Int) {
        moreMarks(s, r, above: w.hasMoreAbove, below: w.scroll + visible < w.rows.count || !w.atEnd)
    }

    /// `2026-01-01 00:12` from seconds since 1970.
    static func shortDate(_ seconds: Int64) -> String {
        let iso = ISODate.format(seconds)
        return String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
