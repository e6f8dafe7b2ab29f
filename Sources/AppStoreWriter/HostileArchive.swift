import KeyedArchiving

/// Keyed archives no archiver writes, for tests: the caller's flat table becomes `$objects` (its
/// UIDs index that list), so that a test can build cycles, shared members, bombs and references
/// out of range. Written by `BinaryPropertyListWriter`, which takes any table as it is.
public enum HostileArchive {
    /// A keyed archive whose `$objects` are `objects` (`$null` first) and whose root is `root`.
    public static func wrap(_ objects: [PropertyList.Object], root: UInt64 = 1) -> [UInt8] {
        var all = objects
        let n = objects.count
        all.append(.array(Array(0..<n)))                   // n: $objects
        all.append(.string("$archiver"))                    // n+1
        all.append(.string("NSKeyedArchiver"))              // n+2
        all.append(.string("$objects"))                     // n+3
        all.append(.string("$top"))                         // n+4
        all.append(.string("root"))                         // n+5
        all.append(.uid(root))                              // n+6
        all.append(.dictionary([(key: n + 5, value: n + 6)]))  // n+7: $top
        all.append(.dictionary([(key: n + 1, value: n + 2), (key: n + 3, value: n), (key: n + 4, value: n + 7)]))  // n+8
        return BinaryPropertyListWriter.write(all, top: n + 8)
    }
}
