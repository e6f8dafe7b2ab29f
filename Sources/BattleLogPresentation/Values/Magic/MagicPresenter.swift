import BattleLogKit

extension ValuePresenter {
    /// A magic: its summary in the hero's or villain's colour, and its box under the lines.
    static let magic = ValuePresenter(
        line: { value, _, _ in
            guard let m = value as? Magic else { return [] }
            return [.init(m.summary, m.typeName == "hero" ? .hero : .villain)]
        },
        box: { stored, labels, width, valueLines in
            MagicBox.lines(stored.magic, labels: labels, width: width, valueLines: valueLines)
        },
        // `villain: Maw 7/10` in the labels' language; `Maw 7/10` when short.
        cell: { value, labels, short in
            guard let m = value as? Magic else { return "" }
            return short ? m.summary : "\(labels[m.typeName]): \(m.summary)"
        },
        searchableText: { value in
            guard let m = value as? Magic else { return [] }
            return m.value.storedFields.compactMap { field in
                if case .string(let s) = field.value { return s }
                return nil
            }
        },
        // Each kind's text fields, under the language's names (`gate`, `formula`).
        searchPaths: { _ in MagicCatalog.kinds.flatMap { $0.filterFields.filter { $0.type == .text }.map(\.queryPath) } })
}

extension StoredAttribute where Value == (any Sendable)? {
    /// The attribute as a magic, when its value is one (a box presenter's view of it).
    var magic: StoredAttribute<Magic?> {
        switch decoded {
        case .success(nil): StoredAttribute<Magic?>(storedText: storedText, decoded: .success(nil))
        case .success(let v?): StoredAttribute<Magic?>(storedText: storedText, decoded: .success(v as? Magic))
        case .failure(let e): StoredAttribute<Magic?>(storedText: storedText, decoded: .failure(e))
        }
    }
}

extension Magic: PresentedValue {
    /// How the magic is shown: `ValuePresenter.magic`.
    public static var presenter: ValuePresenter { .magic }
}
