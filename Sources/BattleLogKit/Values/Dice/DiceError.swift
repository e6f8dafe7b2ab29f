/// Why stored dice are refused: an element that is not an integer.
public struct DiceError: ValueKindError {
    public let index: Int
    /// What the element is instead (`a string`).
    public let found: String

    public init(index: Int, found: String) {
        self.index = index
        self.found = found
    }

    public var description: String { "element \(index) should be an integer, found \(found)" }
}
