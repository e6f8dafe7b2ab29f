// libFuzzer harness: the magic decoder (MagicTransformer.value(fromStored:)).
// Every input must give a value or a typed error; a value must round-trip.
public func fuzzMagic(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let transformer = MagicTransformer()
    let decoded: Magic?
    do { decoded = try transformer.value(fromStored: text) } catch { return 0 }
    if let magic = decoded {
        let again: Magic?
        do { again = try transformer.value(fromStored: transformer.storedForm(of: magic)) } catch {
            fail("re-encoded magic did not decode: \(error)")
        }
        require(again == magic, "magic did not round-trip: \(text)")
    }
    _ = transformer.formatVersion(ofStored: text)
    return 0
}
