/// A minimal binary property list writer for hostile inputs: objects as a flat table whose
/// containers name members by index, so that a test can build cycles, shared members and
/// references out of range. Sizes: 2-byte references, 4-byte offsets.
public enum BPlistBuilder {
    public struct Unsupported: Error { public init() {} }

    public indirect enum Object {
        case string(String), int(Int64), real(Double), bool(Bool), data([UInt8]), uid(UInt64)
        case array([Int]), dict([(Int, Int)])
        /// Raw bytes written as the object (for malformed markers).
        case raw([UInt8])
    }

    public static func build(_ objects: [Object], top: Int = 0, declaredCount: UInt64? = nil) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        func count(_ marker: UInt8, _ n: Int) {
            if n < 15 { out.append(marker << 4 | UInt8(n)) }
            else { out.append(marker << 4 | 0xF); out.append(0x11); out.append(UInt8(n >> 8)); out.append(UInt8(n & 0xFF)) }
        }
        func ref(_ r: Int) { out.append(UInt8((r >> 8) & 0xFF)); out.append(UInt8(r & 0xFF)) }
        for o in objects {
            offsets.append(out.count)
            switch o {
            case .string(let s): let b = Array(s.utf8); count(0x5, b.count); out += b
            case .int(let i): out.append(0x13); for k in (0..<8).reversed() { out.append(UInt8(truncatingIfNeeded: i >> (8 * k))) }
            case .real(let d): out.append(0x23); let bits = d.bitPattern; for k in (0..<8).reversed() { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
            case .bool(let b): out.append(b ? 0x09 : 0x08)
            case .data(let b): count(0x4, b.count); out += b
            case .uid(let u): out.append(0x87); for k in (0..<8).reversed() { out.append(UInt8(truncatingIfNeeded: u >> (8 * UInt64(k)))) }
            case .array(let refs): count(0xA, refs.count); refs.forEach(ref)
            case .dict(let pairs): count(0xD, pairs.count); pairs.forEach { ref($0.0) }; pairs.forEach { ref($0.1) }
            case .raw(let b): out += b
            }
        }
        let table = out.count
        for o in offsets { for k in (0..<4).reversed() { out.append(UInt8((o >> (8 * k)) & 0xFF)) } }
        out += [0, 0, 0, 0, 0, 0, 0, 4, 2]
        func u64(_ v: UInt64) { for k in (0..<8).reversed() { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) } }
        u64(declaredCount ?? UInt64(objects.count)); u64(UInt64(top)); u64(UInt64(table))
        return out
    }

    /// A keyed archive around `objects` (which become `$objects`, `$null` first): the builder
    /// appends the archive's own dictionary and keys after them.
    public static func archive(_ objects: [Object], root: UInt64 = 1) -> [UInt8] {
        // Table: the caller's objects (their UIDs index this list), then the wrapper's.
        var all = objects
        let n = objects.count
        all.append(.array(Array(0..<n)))          // n: $objects
        all.append(.string("$archiver"))           // n+1
        all.append(.string("NSKeyedArchiver"))     // n+2
        all.append(.string("$objects"))            // n+3
        all.append(.string("$top"))                // n+4
        all.append(.string("root"))                // n+5
        all.append(.uid(root))                     // n+6
        all.append(.dict([(n + 5, n + 6)]))        // n+7: $top
        all.append(.dict([(n + 1, n + 2), (n + 3, n), (n + 4, n + 7)]))  // n+8: the archive
        return build(all, top: n + 8)
    }
}
