import CZlib

/// Raw deflate (window bits -15), as Core Data writes Z_MODELCACHE.
public enum RawDeflate {
    public struct Failure: Error {}
    public static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Failure() }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
        var input = input
        let produced: Int = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress; stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress; stream.avail_out = UInt32(outBuf.count)
                return CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END ? outBuf.count - Int(stream.avail_out) : -1
            }
        }
        guard produced >= 0 else { throw Failure() }
        return Array(output[0..<produced])
    }
}
