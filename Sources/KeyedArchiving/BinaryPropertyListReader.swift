/// Reads `bplist00` files (Apple's binary property lists) into a `PropertyList`, checking every
/// offset, reference and count against the bytes it has: hostile input is an error, never a
/// crash, a hang or a large allocation. Each object is read once, so the work is linear in size.
public enum BinaryPropertyListReader {
    /// The most objects a list may declare (a Core Data model of a large app has tens of thousands).
    public static let maxObjects = 4_000_000

    public static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && Array(bytes[0..<8]) == Array("bplist00".utf8)
    }

    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        guard isBinaryPropertyList(bytes) else { throw PropertyListError("not a binary property list (no bplist00 header)") }
        guard bytes.count >= 8 + 32 + 1 else { throw PropertyListError("binary property list too short (\(bytes.count) bytes)") }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6]), refSize = Int(bytes[t + 7])
        let count = readBig(bytes, at: t + 8, size: 8), topRaw = readBig(bytes, at: t + 16, size: 8)
        let tableRaw = readBig(bytes, at: t + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw PropertyListError("binary property list trailer: bad offset or reference size")
        }
        guard count > 0, count <= UInt64(min(maxObjects, bytes.count)) else {
            throw PropertyListError("binary property list declares \(count) objects in \(bytes.count) bytes")
        }
        let n = Int(count)
        guard topRaw < count else { throw PropertyListError("binary property list: top object \(topRaw) out of range") }
        guard tableRaw >= 8, tableRaw < UInt64(t), UInt64(t) - tableRaw >= UInt64(n) * UInt64(offsetSize) else {
            throw PropertyListError("binary property list: offset table out of range")
        }
        let table = Int(tableRaw)
        var reader = Reader(bytes: bytes, end: table, refSize: refSize, count: n)
        var objects: [PropertyList.Object] = []
        objects.reserveCapacity(n)
        for i in 0..<n {
            let offset = readBig(bytes, at: table + i * offsetSize, size: offsetSize)
            guard offset >= 8, offset < UInt64(table) else {
                throw PropertyListError("binary property list: object \(i) starts outside the object area")
            }
            objects.append(try reader.object(at: Int(offset), index: i))
        }
        return PropertyList(objects: objects, top: Int(topRaw))
    }

    private static func readBig(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<size { v = v << 8 | UInt64(bytes[offset + i]) }
        return v
    }

    /// Reads one object's bytes; `end` is where the object area stops (the offset table).
    private struct Reader {
        let bytes: [UInt8]
        let end: Int
        let refSize: Int
        let count: Int

        func need(_ offset: Int, _ length: Int, _ index: Int) throws(PropertyListError) {
            guard length >= 0, offset <= end, length <= end - offset else {
                throw PropertyListError("binary property list: object \(index) runs past the object area")
            }
        }

        func big(_ offset: Int, _ size: Int) -> UInt64 { readBig(bytes, at: offset, size: size) }

        /// The length that follows a marker whose low nibble is 0xF: an integer object.
        func length(_ nibble: Int, after offset: inout Int, _ index: Int) throws(PropertyListError) -> Int {
            if nibble != 0xF { return nibble }
            try need(offset, 1, index)
            let marker = bytes[offset]
            guard marker >> 4 == 0x1, marker & 0xF <= 3 else {
                throw PropertyListError("binary property list: object \(index) has a bad length")
            }
            let size = 1 << Int(marker & 0xF)
            try need(offset + 1, size, index)
            let value = big(offset + 1, size)
            offset += 1 + size
            guard value <= UInt64(end) else { throw PropertyListError("binary property list: object \(index) is longer than the file") }
            return Int(value)
        }

        func refs(_ offset: Int, _ n: Int, _ index: Int) throws(PropertyListError) -> [Int] {
            guard n <= (end - offset) / refSize else { throw PropertyListError("binary property list: object \(index) runs past the object area") }
            var result: [Int] = []
            result.reserveCapacity(n)
            for k in 0..<n {
                let r = big(offset + k * refSize, refSize)
                guard r < UInt64(count) else { throw PropertyListError("binary property list: object \(index) refers to object \(r) of \(count)") }
                result.append(Int(r))
            }
            return result
        }

        mutating func object(at start: Int, index: Int) throws(PropertyListError) -> PropertyList.Object {
            let marker = bytes[start]
            let type = Int(marker >> 4), nibble = Int(marker & 0xF)
            var offset = start + 1
            switch type {
            case 0x0:
                switch nibble {
                case 0x0: return .null
                case 0x8: return .bool(false)
                case 0x9: return .bool(true)
                default: throw PropertyListError("binary property list: object \(index) has unknown marker 0x\(String(marker, radix: 16))")
                }
            case 0x1:
                guard nibble <= 4 else { throw PropertyListError("binary property list: object \(index) is an integer of 2^\(nibble) bytes") }
                let size = 1 << nibble
                try need(offset, size, index)
                if size == 16 {
                    let high = big(offset, 8), low = big(offset + 8, 8)
                    if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
                    if high == UInt64.max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
                    throw PropertyListError("binary property list: object \(index) is an integer beyond 64 bits")
                }
                let raw = big(offset, size)
                return .integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw))
            case 0x2:
                guard nibble == 2 || nibble == 3 else { throw PropertyListError("binary property list: object \(index) is a real of 2^\(nibble) bytes") }
                try need(offset, 1 << nibble, index)
                return .real(nibble == 2 ? Double(Float(bitPattern: UInt32(big(offset, 4)))) : Double(bitPattern: big(offset, 8)))
            case 0x3:
                guard nibble == 3 else { throw PropertyListError("binary property list: object \(index) has unknown marker 0x\(String(marker, radix: 16))") }
                try need(offset, 8, index)
                return .date(Double(bitPattern: big(offset, 8)))
            case 0x4:
                let n = try length(nibble, after: &offset, index)
                try need(offset, n, index)
                return .data(Array(bytes[offset..<offset + n]))
            case 0x5:
                let n = try length(nibble, after: &offset, index)
                try need(offset, n, index)
                let slice = bytes[offset..<offset + n]
                // ASCII, as Apple's writer uses this marker for: no validation to pay for.
                if slice.allSatisfy({ $0 < 0x80 }) { return .string(String(decoding: slice, as: UTF8.self)) }
                guard let s = String(validating: slice, as: UTF8.self) else {
                    throw PropertyListError("binary property list: object \(index) is a string that is not ASCII")
                }
                return .string(s)
            case 0x6:
                let n = try length(nibble, after: &offset, index)
                guard n <= (end - offset) / 2 else { throw PropertyListError("binary property list: object \(index) runs past the object area") }
                var units: [UInt16] = []
                units.reserveCapacity(n)
                for k in 0..<n { units.append(UInt16(big(offset + 2 * k, 2))) }
                guard let s = String(validating: units, as: UTF16.self) else {
                    throw PropertyListError("binary property list: object \(index) is a string with a broken UTF-16 surrogate")
                }
                return .string(s)
            case 0x8:
                try need(offset, nibble + 1, index)
                guard nibble < 8 else { throw PropertyListError("binary property list: object \(index) is a UID of \(nibble + 1) bytes") }
                return .uid(big(offset, nibble + 1))
            case 0xA, 0xC:
                let n = try length(nibble, after: &offset, index)
                let members = try refs(offset, n, index)
                return type == 0xA ? .array(members) : .set(members)
            case 0xD:
                let n = try length(nibble, after: &offset, index)
                guard n <= (end - offset) / (2 * refSize) else { throw PropertyListError("binary property list: object \(index) runs past the object area") }
                let keys = try refs(offset, n, index), values = try refs(offset + n * refSize, n, index)
                return .dictionary(zip(keys, values).map { (key: $0, value: $1) })
            default:
                throw PropertyListError("binary property list: object \(index) has unknown marker 0x\(String(marker, radix: 16))")
            }
        }
    }
}
