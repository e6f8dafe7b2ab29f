// MARK: - Addition and subtraction (CMTimeAdd / CMTimeSubtract)

extension MediaTime {
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, subtracting: false)
    }

    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, subtracting: true)
    }

    public static func += (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs + rhs }
    public static func -= (lhs: inout MediaTime, rhs: MediaTime) { lhs = lhs - rhs }

    /// The negated time (`CMTimeMultiply(time, -1)`): infinities swap, indefinite and invalid stay.
    public static prefix func - (time: MediaTime) -> MediaTime { time * Int32(-1) }

    private static func combine(_ lhs: MediaTime, _ rhs: MediaTime, subtracting: Bool) -> MediaTime {
        let l = lhs.kind, r = rhs.kind
        if l == .invalid || r == .invalid { return .invalid }

        // Infinities before indefinite. The right side of a subtraction counts with its sign flipped.
        let lInf: Int = l == .positiveInfinity ? 1 : (l == .negativeInfinity ? -1 : 0)
        var rInf: Int = r == .positiveInfinity ? 1 : (r == .negativeInfinity ? -1 : 0)
        if subtracting { rInf = -rInf }
        if lInf != 0 || rInf != 0 {
            if lInf != 0 && rInf != 0 && lInf != rInf { return .invalid }
            return (lInf != 0 ? lInf : rInf) > 0 ? .positiveInfinity : .negativeInfinity
        }
        if l == .indefinite || r == .indefinite { return .indefinite }

        // Epochs: durations (epoch 0) combine with anything; two equal epochs give a duration.
        let epoch: Int64
        if lhs.epoch == 0 { epoch = rhs.epoch }
        else if rhs.epoch == 0 { epoch = lhs.epoch }
        else if lhs.epoch == rhs.epoch { epoch = 0 }
        else { return .invalid }

        let carriedRounding = lhs.flags.contains(.hasBeenRounded) || rhs.flags.contains(.hasBeenRounded)

        // A zero operand leaves the other one as it is (same timescale).
        if rhs.value == 0 {
            return lhs.with(epoch: epoch, rounded: carriedRounding)
        }
        if lhs.value == 0 {
            let other = subtracting ? -rhs : rhs
            guard other.isNumeric else { return other }
            return other.with(epoch: epoch, rounded: carriedRounding || other.flags.contains(.hasBeenRounded))
        }

        let a = Int128(lhs.value), b = Int128(rhs.value)
        let ta = Int128(lhs.timescale), tb = Int128(rhs.timescale)
        let sign: Int128 = subtracting ? -1 : 1
        if lhs.timescale == rhs.timescale {
            return ExactArithmetic.fit(numerator: a + sign * b, denominator: ta, timescale: lhs.timescale,
                                       method: .default, rounded: carriedRounding, epoch: epoch,
                                       sourceTimescale: lhs.timescale)
        }
        let lcm = ta / ExactArithmetic.gcd(ta, tb) * tb
        if lcm <= Int128(Int32.max) {
            let numerator = a * (lcm / ta) + sign * b * (lcm / tb)
            return ExactArithmetic.fit(numerator: numerator, denominator: lcm, timescale: Int32(lcm),
                                       method: .default, rounded: carriedRounding, epoch: epoch,
                                       sourceTimescale: Int32(lcm))
        }
        // No common timescale fits in Int32: CoreMedia falls back to 1e9 with default rounding.
        return ExactArithmetic.fit(numerator: a * tb + sign * b * ta, denominator: ta * tb,
                                   timescale: maxTimescale, method: .default, rounded: true,
                                   epoch: epoch, sourceTimescale: maxTimescale)
    }

    /// This numeric time with another epoch and, when `rounded`, the rounding flag set.
    private func with(epoch: Int64, rounded: Bool) -> MediaTime {
        var copy = self
        copy.epoch = epoch
        if rounded { copy.flags.insert(.hasBeenRounded) }
        return copy
    }
}

// MARK: - Multiplication (CMTimeMultiply, CMTimeMultiplyByFloat64, CMTimeMultiplyByRatio)

extension MediaTime {
    public static func * (time: MediaTime, multiplier: Int32) -> MediaTime {
        time.multiplied(byRatio: multiplier, divisor: 1)
    }

    public static func * (multiplier: Int32, time: MediaTime) -> MediaTime { time * multiplier }

    /// `time * multiplier / divisor`, keeping the timescale, with default rounding
    /// (`CMTimeMultiplyByRatio`). A zero divisor gives invalid.
    public func multiplied(byRatio multiplier: Int32, divisor: Int32) -> MediaTime {
        if divisor == 0 { return .invalid }
        let negative = (multiplier < 0) != (divisor < 0)
        switch kind {
        case .invalid: return .invalid
        case .indefinite: return .indefinite
        case .positiveInfinity: return negative ? .negativeInfinity : .positiveInfinity
        case .negativeInfinity: return negative ? .positiveInfinity : .negativeInfinity
        case .numeric: break
        }
        var numerator = Int128(value) * Int128(multiplier)
        var denominator = Int128(timescale) * Int128(divisor)
        if denominator < 0 { numerator = -numerator; denominator = -denominator }
        return ExactArithmetic.fit(numerator: numerator, denominator: denominator, timescale: timescale,
                                   method: .default, rounded: flags.contains(.hasBeenRounded),
                                   epoch: epoch, sourceTimescale: timescale)
    }

    /// `time * multiplier` keeping the timescale, with default rounding (`CMTimeMultiplyByFloat64`).
    /// A NaN multiplier gives invalid; an infinite one gives an infinity (0 * inf gives invalid).
    public static func * (time: MediaTime, multiplier: Double) -> MediaTime {
        if multiplier.isNaN { return .invalid }
        switch time.kind {
        case .invalid: return .invalid
        case .indefinite: return .indefinite
        case .positiveInfinity: return multiplier < 0 ? .negativeInfinity : .positiveInfinity
        case .negativeInfinity: return multiplier < 0 ? .positiveInfinity : .negativeInfinity
        case .numeric: break
        }
        if multiplier.isInfinite {
            if time.value == 0 { return .invalid }
            return (time.value < 0) != (multiplier < 0) ? .negativeInfinity : .positiveInfinity
        }
        // An integral multiplier is exact: use the 128-bit path.
        if multiplier == multiplier.rounded(), let whole = Int32(exactly: multiplier) {
            return time * whole
        }
        // Otherwise in Double, as CoreMedia does: halve the timescale while the value does not fit.
        var scale = time.timescale
        var product = Double(time.value) * multiplier
        var rounded = time.flags.contains(.hasBeenRounded)
        while true {
            let candidate = product.rounded(.toNearestOrAwayFromZero)
            if candidate >= -9.223372036854775808e18 && candidate < 9.223372036854775808e18 {
                if candidate != product { rounded = true }
                var flags: Flags = .valid
                if rounded { flags.insert(.hasBeenRounded) }
                return MediaTime(value: Int64(candidate), timescale: scale, flags: flags, epoch: time.epoch)
            }
            if scale == 1 { return product < 0 ? .negativeInfinity : .positiveInfinity }
            product *= Double(scale / 2) / Double(scale)
            scale /= 2
            rounded = true
        }
    }

    public static func * (multiplier: Double, time: MediaTime) -> MediaTime { time * multiplier }

    /// The absolute value (`CMTimeAbsoluteValue`): -infinity becomes +infinity.
    public var magnitude: MediaTime {
        switch kind {
        case .negativeInfinity: return .positiveInfinity
        case .numeric: return value < 0 ? -self : self
        default: return self
        }
    }
}

/// The absolute value of a time (`CMTimeAbsoluteValue`).
public func abs(_ time: MediaTime) -> MediaTime { time.magnitude }
