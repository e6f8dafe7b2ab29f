import Foundation

extension MediaTime: CustomStringConvertible, CustomDebugStringConvertible {
    /// As `CMTimeCopyDescription`: `{1/2 = 0.500}`, `{INVALID}`, `{INDEFINITE}`, `{+INFINITY}`,
    /// `{-INFINITY}`.
    public var description: String {
        switch kind {
        case .invalid: "{INVALID}"
        case .indefinite: "{INDEFINITE}"
        case .positiveInfinity: "{+INFINITY}"
        case .negativeInfinity: "{-INFINITY}"
        case .numeric: "{\(value)/\(timescale) = \(String(format: "%.3f", seconds))}"
        }
    }

    /// Every field, as the Swift overlay prints a CMTime.
    public var debugDescription: String {
        "MediaTime(value: \(value), timescale: \(timescale), flags: \(flags.rawValue), epoch: \(epoch))"
    }

    /// The time as a clock reading, `m:ss.mmm` (or `h:mm:ss.mmm`), rounded to the millisecond:
    /// `1:23.456`. Non-numeric times give their description.
    public var clockDescription: String {
        guard isNumeric else { return description }
        let millis = convertScale(1000, method: .roundHalfAwayFromZero)
        guard millis.isNumeric else { return millis.description }
        let total = millis.value.magnitude
        let sign = millis.value < 0 ? "-" : ""
        let ms = total % 1000, s = (total / 1000) % 60, m = (total / 60_000) % 60, h = total / 3_600_000
        let frac = String(ms).leftPadded(to: 3)
        if h > 0 {
            return "\(sign)\(h):\(String(m).leftPadded(to: 2)):\(String(s).leftPadded(to: 2)).\(frac)"
        }
        return "\(sign)\(m):\(String(s).leftPadded(to: 2)).\(frac)"
    }
}
