import BattleLogFoundation
import CoreDataKit

extension ObjectSortError {
    /// The problem in the user's language, in the words of the record browser's sort errors.
    public func text(_ labels: Labels) -> String {
        switch self {
        case .noSuchField(let name, let fields):
            // A near miss is named; else every field.
            NearestWord.nearest(to: name, among: fields, within: 2).map { labels.fill("sortError.didYouMean", SafeText.escape(name), SafeText.escape($0)) }
                ?? labels.fill("sortError.unknownField", SafeText.escape(name), fields.map { SafeText.escape($0) }.joined(separator: ", "))
        case .badDirection(let direction):
            labels.fill("sortError.badDirection", SafeText.escape(direction))
        }
    }
}
