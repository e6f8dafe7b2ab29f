import BattleLogKit

import BattleLogResources

/// The label table of one language: `Resources/labels/<lang>.json`, and each registered value
/// kind's own labels (`PresentedValue.labels`, in its folder under `Values/`).
public struct Labels: Sendable {
    public let language: String
    private let table: [String: String]
    private let fallback: [String: String]

    /// The labels of `language` ("en" or "zh"), falling back to English for any missing key.
    public static func load(_ language: String) -> Labels {
        let english = table(for: "en")
        return Labels(language: language, table: language == "en" ? english : table(for: language), fallback: english)
    }

    private static func table(for language: String) -> [String: String] {
        var result: [String: String] = [:]
        if let text = ResourceFiles.text(folder: "labels", name: "\(language).json"), case .object(let members)? = try? JSONParser.parse(text) {
            for (k, v) in members { if case .string(let s) = v { result[k] = s } }
        }
        let registry = TransformerRegistry.standard
        for name in registry.names {
            guard let kind = registry.transformer(named: name)?.valueType as? PresentedValue.Type else { continue }
            result.merge(kind.labels[language] ?? [:]) { shared, _ in shared }
        }
        return result
    }

    /// The label `key` with `{0}`, `{1}`... replaced by `arguments`.
    public func fill(_ key: String, _ arguments: String...) -> String { Template.fill(self[key], arguments) }

    /// The label `key` filled like `fill`, within `width` columns: the first argument (a name)
    /// is cut first, to 4 columns at least, so what the label says after it stays whole.
    public func fill(_ key: String, fitting width: Int, _ arguments: String...) -> String {
        let whole = Template.fill(self[key], arguments)
        guard DisplayWidth.of(whole) > width, let name = arguments.first else { return whole }
        let rest = DisplayWidth.of(Template.fill(self[key], [""] + arguments.dropFirst()))
        let cut = DisplayWidth.truncate(name, to: max(4, width - rest))
        return DisplayWidth.truncate(Template.fill(self[key], [cut] + arguments.dropFirst()), to: width)
    }

    /// The label `key` filled like `fill`, in its singular form `key.one` when `count` is 1
    /// (English says "1 record", "2 records"; a language without plurals holds the same text
    /// under both keys).
    public func counted(_ key: String, count: Int, _ arguments: String...) -> String {
        Template.fill(count == 1 ? ifPresent(key + ".one") ?? self[key] : self[key], arguments)
    }

    /// A Human's kind in words (`hero`, `反派`), damage's one spelling when it is damaged.
    public func kind(_ kind: HumanKind?) -> String { kind.map { self[$0.rawValue] } ?? ValuePresenter.damagedCell(self) }

    /// The one-cell mark of a Human's kind (`H`/`V`, `侠`/`魔`), damage's sign `⚠` when it is damaged.
    public func kindMark(_ kind: HumanKind?) -> String {
        switch kind {
        case .hero?: self["kindMarkHero"]
        case .villain?: self["kindMarkVillain"]
        case nil: ValuePresenter.damageSign
        }
    }

    /// Every key of this language's own table (for checking that both languages have them all).
    public var keys: Set<String> { Set(table.keys) }

    /// The label for `key`; the key itself when no table has it.
    public subscript(key: String) -> String { table[key] ?? fallback[key] ?? key }

    /// The label for `key`, or nil when no table has it.
    public func ifPresent(_ key: String) -> String? { table[key] ?? fallback[key] }

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
    /// set; `zh...` means Chinese, anything else English.
    public static func language(environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment[name], !v.isEmpty { return v.lowercased().hasPrefix("zh") ? "zh" : "en" }
        }
        return "en"
    }
}
