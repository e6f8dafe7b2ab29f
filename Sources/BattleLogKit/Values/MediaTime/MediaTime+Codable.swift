extension MediaTime: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, timescale, flags, epoch
    }

    /// The four fields under their dictionary keys, as CoreMedia's `CMTime: Codable` does.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(value, forKey: .value)
        try c.encode(timescale, forKey: .timescale)
        try c.encode(flags.rawValue, forKey: .flags)
        try c.encode(epoch, forKey: .epoch)
    }

    /// Every key is required and every value must fit its field, as for the dictionary form:
    /// a damaged time is an error, never a default.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let rawFlags = try c.decode(UInt32.self, forKey: .flags)
        guard rawFlags & ~UInt32(31) == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .flags, in: c, debugDescription: "unknown flag bits in \(rawFlags)")
        }
        self.init(value: try c.decode(Int64.self, forKey: .value), timescale: try c.decode(Int32.self, forKey: .timescale),
                  flags: Flags(rawValue: rawFlags), epoch: try c.decode(Int64.self, forKey: .epoch))
    }
}
