/// Writes `bplist00` files as Apple's writer lays them out: the objects in table order, each
/// container naming its members by index, integers and references in the fewest bytes that hold
/// them, ASCII strings as bytes and any other string as UTF-16. Deterministic: the same table
/// gives the same bytes.
///
/// The table is taken as it is, so a test can also write what no writer should: cycles, shared
/// members, references past the table (`raw` replaces an object's bytes, `declaredCount` the
/// trailer's count).
public enum BinaryPropertyListWriter {
    public static func write(_ objects: [PropertyList.Object], top: Int = 0, raw: [Int: [UInt8]] = [:],
                             declaredCount: UInt64? = nil) -> [UInt8] {
        // References are sized to hold the largest one written, as well as the count.
        var largest = objects.count
        for o in objects {
            switch o {
            case .array(let refs), .set(let refs): largest = max(largest, refs.max() ?? 0)
            case .dictionary(let pairs): largest = max(largest, pairs.map { max($0.key, $0.value) }.max() ?? 0)
            default: break
            }
        }
        let refSize = byteCount(UInt64(largest))
        var out = Array("bplist00".utf8)
        out.reserveCapacity(64 + objects.count * 12)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for (i, o) in objects.enumerated() {
            offsets.append(out.count)
            if let bytes = raw[i] { out += bytes; continue }
            append(o, refSize: refSize, to: &out)
        }
        let table = out.count
        let offsetSize = byteCount(UInt64(max(table, 1)))
        for o in offsets { big(UInt64(o), size: offsetSize, to: &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        big(declaredCount ?? UInt64(objects.count), size: 8, to: &out)
        big(UInt64(top), size: 8, to: &out)
        big(UInt64(table), size: 8, to: &out)
        return out
    }

    private static func append(_ o: PropertyList.Object, refSize: Int, to out: inout [UInt8]) {
        switch o {
        case .null: out.append(0x00)
        case .bool(let b): out.append(b ? 0x09 : 0x08)
        case .integer(let i): integer(i, to: &out)
        case .unsignedInteger(let u):
            // Above Int64.max: Apple writes 16 bytes, the high half zero.
            out.append(0x14)
            big(0, size: 8, to: &out)
            big(u, size: 8, to: &out)
        case .real(let d): out.append(0x23); big(d.bitPattern, size: 8, to: &out)
        case .date(let d): out.append(0x33); big(d.bitPattern, size: 8, to: &out)
        case .data(let bytes): header(0x4, bytes.count, to: &out); out += bytes
        case .string(let s):
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                header(0x5, s.utf8.count, to: &out)
                out += s.utf8
            } else {
                let units = Array(s.utf16)
                header(0x6, units.count, to: &out)
                for u in units { big(UInt64(u), size: 2, to: &out) }
            }
        case .uid(let u):
            let n = byteCount(u)
            out.append(0x80 | UInt8(n - 1))
            big(u, size: n, to: &out)
        case .array(let refs), .set(let refs):
            if case .set = o { header(0xC, refs.count, to: &out) } else { header(0xA, refs.count, to: &out) }
            for r in refs { big(UInt64(r), size: refSize, to: &out) }
        case .dictionary(let pairs):
            header(0xD, pairs.count, to: &out)
            for p in pairs { big(UInt64(p.key), size: refSize, to: &out) }
            for p in pairs { big(UInt64(p.value), size: refSize, to: &out) }
        }
    }

    /// An integer in 1, 2, 4 or 8 bytes (a negative one always in 8, as Apple's writer does).
    private static func integer(_ i: Int64, to out: inout [UInt8]) {
        guard i >= 0 else { out.append(0x13); big(UInt64(bitPattern: i), size: 8, to: &out); return }
        let u = UInt64(i)
        switch u {
        case ..<0x100: out.append(0x10); big(u, size: 1, to: &out)
        case ..<0x1_0000: out.append(0x11); big(u, size: 2, to: &out)
        case ..<0x1_0000_0000: out.append(0x12); big(u, size: 4, to: &out)
        default: out.append(0x13); big(u, size: 8, to: &out)
        }
    }

    /// A marker with its count: in the low nibble below 15, else 0xF and an integer object.
    private static func header(_ type: UInt8, _ count: Int, to out: inout [UInt8]) {
        if count < 15 { out.append(type << 4 | UInt8(count)); return }
        out.append(type << 4 | 0xF)
        integer(Int64(count), to: &out)
    }

    /// The fewest of 1, 2, 4, 8 bytes that hold `v`.
    static func byteCount(_ v: UInt64) -> Int {
        v < 0x100 ? 1 : v < 0x1_0000 ? 2 : v < 0x1_0000_0000 ? 4 : 8
    }

    private static func big(_ v: UInt64, size: Int, to out: inout [UInt8]) {
        for k in (0..<size).reversed() { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) }
    }
}
