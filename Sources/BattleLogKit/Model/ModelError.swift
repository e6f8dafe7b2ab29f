/// Why a model description (`Resources/model/BattleLog.model.json`, or a program's own) is
/// refused: the reason names the attribute or the key (`Record.duration: "kind" of seconds
/// must be number, seconds, text, list or date`).
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidModel(String)

    public var description: String {
        switch self {
        case .invalidModel(let reason): reason
        }
    }
}
