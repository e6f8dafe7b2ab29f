/// Sums of counts read from the store. A stored count may hold anything an INTEGER column can
/// (a damaged tally of Int64.max, say): adding such counts must give a wrong-looking number
/// that doctor then reports, never a trap that ends the program.
extension Int {
    /// `self + other`, held at `Int.max` or `Int.min` instead of overflowing.
    public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension Sequence where Element == Int {
    /// The sum, held at the ends of `Int` instead of overflowing.
    public func saturatingSum() -> Int { reduce(0) { $0.addingSaturating($1) } }
}
