import BattleLogKit

/// The replay's clock reading. Paused, it is exact to the millisecond (`0:12.345`, as
/// `show --timeline` writes times). Playing, it shows as many decimals as can change at most
/// about 25 times a second at the speed (tenths at 1x, hundredths at 1/4x and slower, whole
/// seconds at 4x and faster), so that a replay redraws only when what it shows changes.
public enum ReplayClock {
    /// The decimals shown: 3 when paused, else by the speed (a power of two, 0 = 1x).
    public static func decimals(playing: Bool, speedExponent: Int) -> Int {
        guard playing else { return 3 }
        return speedExponent <= -2 ? 2 : (speedExponent <= 1 ? 1 : 0)
    }

    /// `m:ss` with `decimals` decimals (rounded down while playing: a clock shows the time
    /// reached; at 3 decimals rounded as `clockDescription` is).
    public static func text(_ time: MediaTime, decimals: Int) -> String {
        guard decimals < 3 else { return time.clockDescription }
        var scale: Int32 = 1
        for _ in 0..<decimals { scale *= 10 }
        let floored = time.convertScale(scale, method: .roundTowardNegativeInfinity)
        guard floored.isNumeric else { return time.clockDescription }
        // Whole milliseconds from the floored reading, then the decimals kept.
        let millis = MediaTime(value: floored.value.multipliedReportingOverflow(by: Int64(1000 / Int(scale))).partialValue, timescale: 1000)
        let full = millis.clockDescription
        let cut = decimals == 0 ? full.dropLast(4) : full.dropLast(3 - decimals)
        return String(cut)
    }

    /// The next instant after `time` at which the reading with `decimals` decimals changes.
    public static func nextChange(after time: MediaTime, decimals: Int) -> MediaTime {
        var scale: Int32 = 1
        for _ in 0..<min(3, decimals) { scale *= 10 }
        let floored = time.convertScale(scale, method: .roundTowardNegativeInfinity)
        guard floored.isNumeric else { return time }
        return MediaTime(value: floored.value + 1, timescale: scale)
    }
}
