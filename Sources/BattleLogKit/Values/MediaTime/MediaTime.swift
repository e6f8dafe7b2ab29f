/// A rational time, a faithful Linux port of CoreMedia's `CMTime`.
///
/// `value / timescale` seconds, with flags for the non-numeric times (invalid, the two
/// infinities, indefinite) and an epoch that numbers timelines. Arithmetic never overflows
/// silently: it rounds (and says so with `hasBeenRounded`) or saturates to an infinity.
///
/// ```swift
/// let a = MediaTime(value: 1, timescale: 600)
/// let b = MediaTime(value: 1, timescale: 44_100)
/// (a + b).timescale   // 882_000, the least common multiple
/// ```
public struct MediaTime: Sendable {
    /// The numerator.
    public var value: Int64
    /// Ticks per second; greater than zero for a numeric time.
    public var timescale: Int32
    /// Validity, rounding and the non-numeric kinds.
    public var flags: Flags
    /// The timeline this time belongs to; 0 for durations.
    public var epoch: Int64

    /// The flags of a time, as `CMTimeFlags`.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let valid = Flags(rawValue: 1)
        public static let hasBeenRounded = Flags(rawValue: 2)
        public static let positiveInfinity = Flags(rawValue: 4)
        public static let negativeInfinity = Flags(rawValue: 8)
        public static let indefinite = Flags(rawValue: 16)
        /// The flags that replace the numeric value: the infinities and indefinite.
        public static let impliedValueFlagsMask: Flags = [.positiveInfinity, .negativeInfinity, .indefinite]
    }

    /// Every field as given (`CMTime(value:timescale:flags:epoch:)`).
    public init(value: Int64, timescale: Int32, flags: Flags, epoch: Int64) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// Every field zero: an invalid time, as `CMTime()`.
    public init() {
        self.init(value: 0, timescale: 0, flags: [], epoch: 0)
    }

    /// A valid time `value / timescale` in epoch 0 (`CMTimeMake`). A timescale that is not
    /// positive makes a time that is not valid.
    public init(value: Int64, timescale: Int32) {
        self.init(value: value, timescale: timescale, flags: .valid, epoch: 0)
    }

    /// A valid time in the given epoch (`CMTimeMakeWithEpoch`).
    public init(value: Int64, timescale: Int32, epoch: Int64) {
        self.init(value: value, timescale: timescale, flags: .valid, epoch: epoch)
    }

    /// The largest timescale CoreMedia recommends, used when a common timescale would not fit.
    public static let maxTimescale: Int32 = 1_000_000_000

    // MARK: - Constants

    public static let zero = MediaTime(value: 0, timescale: 1, flags: .valid, epoch: 0)
    public static let invalid = MediaTime(value: 0, timescale: 0, flags: [], epoch: 0)
    public static let positiveInfinity = MediaTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = MediaTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)
    public static let indefinite = MediaTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)

    // MARK: - Kinds

    /// What a time is, once its flags and timescale are read together.
    public enum Kind: Sendable, Hashable {
        case invalid, negativeInfinity, numeric, indefinite, positiveInfinity
    }

    /// The kind of this time. Infinities are checked before indefinite, as CoreMedia does.
    public var kind: Kind {
        guard flags.contains(.valid) else { return .invalid }
        if flags.contains(.positiveInfinity) { return .positiveInfinity }
        if flags.contains(.negativeInfinity) { return .negativeInfinity }
        if flags.contains(.indefinite) { return .indefinite }
        return timescale > 0 ? .numeric : .invalid
    }

    public var isValid: Bool { kind != .invalid }
    public var isNumeric: Bool { kind == .numeric }
    public var isIndefinite: Bool { kind == .indefinite }
    public var isPositiveInfinity: Bool { kind == .positiveInfinity }
    public var isNegativeInfinity: Bool { kind == .negativeInfinity }
    public var hasBeenRounded: Bool { flags.contains(.hasBeenRounded) && isNumeric }

    /// The time in seconds (`CMTimeGetSeconds`): NaN for invalid and indefinite, +/-infinity
    /// for the infinities; the epoch is ignored.
    public var seconds: Double {
        switch kind {
        case .invalid, .indefinite: .nan
        case .positiveInfinity: .infinity
        case .negativeInfinity: -.infinity
        case .numeric: Double(value) / Double(timescale)
        }
    }
}
