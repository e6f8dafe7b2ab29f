import BattleLogResources
import Foundation

/// The name pools in `Resources/names`: Heroes, Villains, cooperation formulas, evil gates.
public struct NamePools: Sendable {
    public let heroes: [String]
    public let villains: [String]
    public let formulas: [String]
    public let gates: [String]

    public init(heroes: [String], villains: [String], formulas: [String], gates: [String]) {
        self.heroes = heroes
        self.villains = villains
        self.formulas = formulas
        self.gates = gates
    }

    /// The pools shipped in `Resources/names`.
    public static let bundled: NamePools = {
        func lines(_ name: String) -> [String] {
            let text = ResourceFiles.text(folder: "names", name: name) ?? ""
            let names = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            precondition(!names.isEmpty, "Resources/names/\(name) is missing or empty")
            return names
        }
        return NamePools(heroes: lines("heroes.txt"), villains: lines("villains.txt"),
                         formulas: lines("formulas.txt"), gates: lines("gates.txt"))
    }()

    /// `count` distinct names from `pool`, in pool order shuffled by `generator`; beyond the pool's
    /// size, names repeat with a numeral (`Aria II`).
    static func draw(_ count: Int, from pool: [String], using generator: inout SeededGenerator) -> [String] {
        var shuffled = pool
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
            shuffled.swapAt(i, generator.next(in: 0...i))
        }
        return (0..<count).map { i in
            let base = shuffled[i % shuffled.count]
            let round = i / shuffled.count
            return round == 0 ? base : "\(base) \(round + 1)"
        }
    }
}
