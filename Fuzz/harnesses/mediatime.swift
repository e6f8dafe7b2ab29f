// libFuzzer harness: the MediaTime dictionary decoder, and arithmetic on what it decodes.
public func fuzzMediaTime(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let transformer = MediaTimeTransformer()
    guard let time = try? transformer.value(fromStored: text) else { return 0 }
    let back = try? transformer.value(fromStored: transformer.storedForm(of: time))
    require(back.map { [$0.value, Int64($0.timescale), Int64($0.flags.rawValue), $0.epoch] }
                 == [time.value, Int64(time.timescale), Int64(time.flags.rawValue), time.epoch], "dictionary did not round-trip")
    // No operation may trap, whatever the fields.
    let other = MediaTime(value: 7, timescale: 44_100)
    _ = time + other; _ = time - other; _ = other - time; _ = time + time; _ = -time; _ = abs(time)
    _ = time * Int32(-3); _ = time * 1.5; _ = time.multiplied(byRatio: 3, divisor: 7)
    for method in MediaTime.RoundingMethod.allCases { _ = time.convertScale(600, method: method); _ = time.convertScale(Int32.max, method: method) }
    _ = time.seconds; _ = time.description; _ = time.clockDescription; _ = time.hashValue
    require(MediaTime.compare(time, time) == 0, "a time must equal itself")
    return 0
}
