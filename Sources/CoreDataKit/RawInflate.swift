import CZlib
import KeyedArchiving

/// Raw deflate (zlib window bits -15), as Core Data compresses `Z_MODELCACHE`, with a bound on
/// the output: a small blob that expands without end is refused, not followed.
public enum RawInflate {
    /// The most bytes a model may expand to (the largest real models are a few megabytes).
    public static let maxOutput = 64 << 20

    /// The bytes a raw DEFLATE stream (no zlib header) expands to; a stream that is damaged, or
    /// expands past `limit` bytes, throws.
    public static func inflate(_ input: [UInt8], limit: Int = maxOutput) throws(PropertyListError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PropertyListError("cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        var status: Int32 = Z_OK
        let failure: String? = input.withUnsafeMutableBufferPointer { inBuffer -> String? in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                if status != Z_OK && status != Z_STREAM_END {
                    if status == Z_BUF_ERROR { return "compressed data ends early" }
                    return "not raw deflate data (zlib: \(stream.msg.map { String(cString: $0) } ?? "error \(status)"))"
                }
                if output.count + produced > limit { return "expands beyond \(limit >> 20) MB" }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_STREAM_END { return nil }
                if produced == 0 && stream.avail_in == 0 { return "compressed data ends early" }
            }
        }
        if let failure { throw PropertyListError(failure) }
        return output
    }
}
