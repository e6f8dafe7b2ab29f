extension MediaTime {
    /// The dictionary keys of `CMTimeCopyAsDictionary`.
    public enum DictionaryKey {
        public static let value = "value"
        public static let timescale = "timescale"
        public static let flags = "flags"
        public static let epoch = "epoch"
    }

    /// Why a dictionary is not a time (a stored duration's damage: `time dictionary: ...`).
    public enum DictionaryError: ValueKindError {
        case missingKey(String)
        case notAnInteger(key: String)
        case outOfRange(key: String, value: String)

        public var description: String {
            switch self {
            case .missingKey(let key): "time dictionary: missing key \"\(key)\""
            case .notAnInteger(let key): "time dictionary: \"\(key)\" is not an integer"
            case .outOfRange(let key, let value): "time dictionary: \"\(key)\" = \(value) is out of range"
            }
        }
    }

    /// The dictionary form (`CMTimeCopyAsDictionary`): exactly `value`, `timescale`, `flags`, `epoch`.
    public var dictionaryRepresentation: [String: Int64] {
        [DictionaryKey.value: value, DictionaryKey.timescale: Int64(timescale),
         DictionaryKey.flags: Int64(flags.rawValue), DictionaryKey.epoch: epoch]
    }

    /// Reads the dictionary form (`CMTimeMakeFromDictionary`). Unlike CoreMedia, which returns
    /// invalid, a missing key or a value out of its field's range is an error.
    public init(dictionary: [String: Int64]) throws(DictionaryError) {
        func field(_ key: String) throws(DictionaryError) -> Int64 {
            guard let v = dictionary[key] else { throw .missingKey(key) }
            return v
        }
        let value = try field(DictionaryKey.value)
        let rawScale = try field(DictionaryKey.timescale)
        let rawFlags = try field(DictionaryKey.flags)
        let epoch = try field(DictionaryKey.epoch)
        guard let timescale = Int32(exactly: rawScale) else {
            throw .outOfRange(key: DictionaryKey.timescale, value: String(rawScale))
        }
        guard let flags = UInt32(exactly: rawFlags), flags & ~UInt32(31) == 0 else {
            throw .outOfRange(key: DictionaryKey.flags, value: String(rawFlags))
        }
        self.init(value: value, timescale: timescale, flags: Flags(rawValue: flags), epoch: epoch)
    }
}
