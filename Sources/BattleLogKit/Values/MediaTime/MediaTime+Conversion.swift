extension MediaTime {
    /// How `convertScale(_:method:)` rounds (`CMTimeRoundingMethod`).
    public enum RoundingMethod: UInt32, Sendable, CaseIterable {
        /// |fraction| >= 0.5 rounds away from zero. The default.
        case roundHalfAwayFromZero = 1
        case roundTowardZero = 2
        case roundAwayFromZero = 3
        /// Toward zero to a smaller timescale, away from zero to a larger one; a negative value
        /// never rounds to zero.
        case quickTime = 4
        case roundTowardPositiveInfinity = 5
        case roundTowardNegativeInfinity = 6

        public static let `default` = RoundingMethod.roundHalfAwayFromZero
    }

    /// This time at `newTimescale` (`CMTimeConvertScale`). Sets `hasBeenRounded` when the value
    /// had to be rounded; a result too large for Int64 saturates to an infinity; a timescale that
    /// is not positive gives invalid. Non-numeric times are returned as they are.
    public func convertScale(_ newTimescale: Int32, method: RoundingMethod = .default) -> MediaTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        let (q, exact) = ExactArithmetic.divide(Int128(value) * Int128(newTimescale), by: Int128(timescale),
                                                method: method, towardLargerScale: newTimescale > timescale)
        guard let v = Int64(exactly: q) else { return q < 0 ? .negativeInfinity : .positiveInfinity }
        var newFlags = flags
        if !exact { newFlags.insert(.hasBeenRounded) }
        return MediaTime(value: v, timescale: newTimescale, flags: newFlags, epoch: epoch)
    }

    /// The time nearest `seconds` at `preferredTimescale` (`CMTimeMakeWithSeconds`). NaN or a
    /// timescale that is not positive gives invalid; the infinities give the infinities; a value
    /// too large halves the timescale, then saturates.
    public init(seconds: Double, preferredTimescale: Int32) {
        guard preferredTimescale > 0, !seconds.isNaN else { self = .invalid; return }
        if seconds.isInfinite { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
        var scale = preferredTimescale
        var halved = false
        while true {
            let ticks = (seconds * Double(scale)).rounded(.toNearestOrAwayFromZero)
            if ticks >= -9.223372036854775808e18 && ticks < 9.223372036854775808e18 {
                let v = Int64(ticks)
                var flags: Flags = .valid
                if halved || Double(v) / Double(scale) != seconds { flags.insert(.hasBeenRounded) }
                self.init(value: v, timescale: scale, flags: flags, epoch: 0)
                return
            }
            if scale == 1 { self = seconds < 0 ? .negativeInfinity : .positiveInfinity; return }
            scale /= 2
            halved = true
        }
    }
}

// MARK: - Comparison (CMTimeCompare)

extension MediaTime: Comparable, Hashable {
    /// The rank of a kind in CMTimeCompare's total order.
    private var orderRank: Int {
        switch kind {
        case .negativeInfinity: 0
        case .numeric: 1
        case .indefinite: 2
        case .positiveInfinity: 3
        case .invalid: 4
        }
    }

    /// -1, 0 or 1 as `CMTimeCompare`: -inf < numeric < indefinite < +inf < invalid; numeric times
    /// in different epochs order by epoch; in one epoch they compare exactly as rationals.
    public static func compare(_ lhs: MediaTime, _ rhs: MediaTime) -> Int {
        let l = lhs.orderRank, r = rhs.orderRank
        if l != r { return l < r ? -1 : 1 }
        guard l == 1 else { return 0 }
        if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
        let a = Int128(lhs.value) * Int128(rhs.timescale)
        let b = Int128(rhs.value) * Int128(lhs.timescale)
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool { compare(lhs, rhs) == 0 }
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool { compare(lhs, rhs) < 0 }

    public func hash(into hasher: inout Hasher) {
        let k = kind
        hasher.combine(k)
        guard k == .numeric else { return }
        let divisor = ExactArithmetic.gcd(Int128(value), Int128(timescale))
        hasher.combine(Int128(value) / divisor)
        hasher.combine(Int128(timescale) / divisor)
        hasher.combine(epoch)
    }
}

/// The smaller of two times by CMTimeCompare (`CMTimeMinimum`).
public func min(_ a: MediaTime, _ b: MediaTime) -> MediaTime { MediaTime.compare(a, b) <= 0 ? a : b }
/// The larger of two times by CMTimeCompare (`CMTimeMaximum`).
public func max(_ a: MediaTime, _ b: MediaTime) -> MediaTime { MediaTime.compare(a, b) >= 0 ? a : b }
