/// battlelog's own three attributes by name, typed: the simulator produces them, and code
/// that knows this model (tests, the benchmark) reads them. Every other surface goes through
/// the model's attributes and their presenters.
extension RecordDraft {
    /// A draft of battlelog's model: a duration, dice rolls and, when used, magic.
    public init(fight: Int64, ownerID: Int64, opponentID: Int64?, date: Int64, result: FightResult,
                duration: MediaTime, randomNumbers: [Int], usingMagic: Magic?) {
        let values: AttributeValues = usingMagic.map { ["duration": duration, "randomNumbers": randomNumbers, "usingMagic": $0] }
            ?? ["duration": duration, "randomNumbers": randomNumbers]
        self.init(fight: fight, ownerID: ownerID, opponentID: opponentID, date: date, result: result, values: values)
    }

    public var duration: MediaTime? { values["duration"] as? MediaTime }
    public var randomNumbers: [Int]? { values["randomNumbers"] as? [Int] }
    public var usingMagic: Magic? { values["usingMagic"] as? Magic }
}

extension Record {
    public var duration: StoredAttribute<MediaTime> { typed("duration") }
    public var randomNumbers: StoredAttribute<[Int]> { typed("randomNumbers") }
    public var usingMagic: StoredAttribute<Magic?> {
        guard let a = attribute(named: "usingMagic") else { return missing("usingMagic") }
        switch a.decoded {
        case .success(nil): return StoredAttribute(storedText: a.storedText, decoded: .success(nil))
        case .success(let v?):
            if let m = v as? Magic { return StoredAttribute(storedText: a.storedText, decoded: .success(m)) }
            return wrongType("usingMagic", a.storedText, expected: "Magic", found: v)
        case .failure(let e): return StoredAttribute(storedText: a.storedText, decoded: .failure(e))
        }
    }

    /// A required attribute with its value as `T`; absent or of another type is damage.
    func typed<T>(_ name: String) -> StoredAttribute<T> {
        guard let a = attribute(named: name) else { return missing(name) }
        switch a.decoded {
        case .success(let v?):
            if let t = v as? T { return StoredAttribute(storedText: a.storedText, decoded: .success(t)) }
            return wrongType(name, a.storedText, expected: "\(T.self)", found: v)
        case .success(nil): return StoredAttribute(storedText: a.storedText, decoded: .failure(AttributeError(recordID: id, attribute: name, reason: .missingValue)))
        case .failure(let e): return StoredAttribute(storedText: a.storedText, decoded: .failure(e))
        }
    }

    func missing<T>(_ name: String) -> StoredAttribute<T> {
        StoredAttribute(storedText: nil, decoded: .failure(AttributeError(recordID: id, attribute: name, reason: .missingValue)))
    }

    func wrongType<T>(_ name: String, _ text: String?, expected: String, found: any Sendable) -> StoredAttribute<T> {
        StoredAttribute(storedText: text, decoded: .failure(AttributeError(
            recordID: id, attribute: name, reason: .wrongShape(expected: expected, found: "\(type(of: found))"))))
    }
}

extension Record {
    /// The owner's timeline: the model's first attribute of type `Timeline`, when the record has
    /// one that decodes (nil: none, or damaged).
    public var timeline: Timeline? {
        guard case .success(let t)? = timelineAttribute else { return nil }
        return t
    }

    /// The owner's timeline as stored: nil when the model or the record has none, a failure
    /// when it is damaged.
    public var timelineAttribute: Result<Timeline, AttributeError>? {
        guard let i = schema.index(ofValueType: "Timeline") else { return nil }
        switch transformables[i].decoded {
        case .success(nil): return nil
        case .success(let v?):
            guard let t = v as? Timeline else {
                return .failure(AttributeError(recordID: id, attribute: schema.attributes[i].name,
                                               reason: .wrongShape(expected: "Timeline", found: "\(type(of: v))")))
            }
            return .success(t)
        case .failure(let e): return .failure(e)
        }
    }
}

extension Record {
    /// The fight's dice: the model's first attribute of type `[Int]`, when it decodes.
    public var dice: [Int]? {
        guard let i = schema.index(ofValueType: "[Int]"),
              case .success(let v?) = transformables[i].decoded else { return nil }
        return v as? [Int]
    }
}
