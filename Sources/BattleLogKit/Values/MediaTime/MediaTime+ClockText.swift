extension MediaTime {
    /// A time typed as a clock reading, exactly: `1:23.4`, `0:07`, `1:02:03.250` (h:mm:ss) or
    /// plain seconds (`83.4`), with up to nine decimals (the timescale is the power of ten the
    /// decimals need). Every part after the first is below 60. Nil for anything else, or for a
    /// time beyond Int64's ticks.
    public init?(clockText: String) {
        let text = clockText.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        // The seconds part may have decimals; the others are whole numbers.
        let last = parts[parts.count - 1].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(last.count) else { return nil }
        let fraction = last.count == 2 ? last[1] : ""
        guard fraction.count <= 9, fraction.allSatisfy(\.isASCIIDigitCharacter),
              last.count == 1 || !fraction.isEmpty else { return nil }
        let wholes = parts.dropLast().map(Substring.init) + [last[0]]
        guard wholes.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy(\.isASCIIDigitCharacter) }) else { return nil }
        let numbers = wholes.compactMap { Int64($0) }
        // Minutes and seconds after a larger unit are below 60.
        guard numbers.count == wholes.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        var seconds: Int64 = 0
        for n in numbers {
            let (times60, o1) = seconds.multipliedReportingOverflow(by: 60)
            let (sum, o2) = times60.addingReportingOverflow(n)
            guard !o1, !o2 else { return nil }
            seconds = sum
        }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        let (ticks, o1) = seconds.multipliedReportingOverflow(by: scale)
        let (value, o2) = ticks.addingReportingOverflow(Int64(fraction) ?? 0)
        guard !o1, !o2 else { return nil }
        self.init(value: value, timescale: Int32(scale))
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
