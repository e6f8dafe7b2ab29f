// libFuzzer harness: the Core Data readers (BinaryPropertyListReader, KeyedArchive, RawInflate,
// the model reader). Any bytes give a value or a reason; every decoded value is JSON that our
// own parser reads back.
public func fuzzCoreData(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for value in [CoreDataStore.transformable(bytes), KeyedArchive.decodeRoot(bytes)] {
        let text = TaggedJSON.text(value)
        do { _ = try JSONParser.parse(text) } catch { fail("decoded value is not JSON: \(text)") }
    }
    if let plist = try? BinaryPropertyListReader.read(bytes) {
        if let value = try? KeyedArchive.decodePlain(plist) {
            let text = TaggedJSON.text(value)
            do { _ = try JSONParser.parse(text) } catch { fail("plain plist is not JSON: \(text)") }
        }
    }
    // As a model cache: raw deflate of an archived model (bounded), or its bytes as they are.
    if let inflated = try? RawInflate.inflate(bytes, limit: 1 << 20) { _ = try? KeyedArchive(bytes: inflated) }
    _ = try? CoreDataModelReader.fromCache(bytes, schema: StoreSchema())
    return 0
}
