import Foundation

/// Finding what a person has typed so far inside a text, as a browser's find-in-page does.
///
/// Both sides are compared by Unicode scalars after canonical decomposition (NFD) and lower
/// casing, not by characters: a prefix typed so far may end inside a character (`สมศ` is the
/// start of `สมศักดิ์`; `🧙` of `🧙🏽‍♂️`; `하` of `한`). Combining marks (Thai vowel signs and tone
/// marks, accents, Hebrew points, Devanagari vowel signs) count only where the person typed
/// some: an unpointed `שלום` finds `שָׁלוֹם` and `cafe` finds `café`, while `café` does not find
/// `cafe`. Where marks were typed, those typed must begin the marks of the text at that place.
public struct TextSearch: Sendable {
    /// The needle, folded; a mark carries `markBit`.
    private let needle: [UInt32]

    /// A search for `needle`.
    public init(_ needle: String) {
        var folded: [UInt32] = [], unused: [Int] = []
        Self.fold(needle, into: &folded, sources: &unused, tracking: false)
        self.needle = folded
    }

    /// Whether the needle is empty (it is found everywhere, at the start).
    public var isEmpty: Bool { needle.isEmpty }

    /// Whether `haystack` contains the needle.
    public func matches(_ haystack: String) -> Bool {
        if needle.isEmpty { return true }
        var folded: [UInt32] = [], unused: [Int] = []
        folded.reserveCapacity(haystack.utf8.count)
        Self.fold(haystack, into: &folded, sources: &unused, tracking: false)
        return firstMatch(in: folded) != nil
    }

    /// The characters of `haystack` the first match covers (whole characters: a match that
    /// begins or ends inside one covers all of it).
    public func range(in haystack: String) -> Range<String.Index>? {
        if needle.isEmpty { return nil }
        var folded: [UInt32] = []
        var sources: [Int] = []
        Self.fold(haystack, into: &folded, sources: &sources, tracking: true)
        guard let match = firstMatch(in: folded) else { return nil }
        let characters = Array(haystack.indices)
        let first = sources[match.lowerBound], last = sources[match.upperBound - 1]
        let end = last + 1 < characters.count ? characters[last + 1] : haystack.endIndex
        return characters[first]..<end
    }

    // MARK: Matching

    private static let markBit: UInt32 = 0x8000_0000

    private func firstMatch(in hay: [UInt32]) -> Range<Int>? {
        let markBit = Self.markBit
        guard hay.count >= needle.count else { return nil }
        var start = 0
        while start < hay.count {
            // A match begins on a base, or on a mark when the needle begins with one (`ार`, the
            // vowel sign typed first, is found in `धार`), or with no base before it.
            if hay[start] & markBit == 0 || start == 0 || needle[0] & markBit != 0, let end = match(hay, at: start) { return start..<end }
            start += 1
        }
        return nil
    }

    /// Where a match of the needle that begins at `start` ends, or nil.
    private func match(_ hay: [UInt32], at start: Int) -> Int? {
        let markBit = Self.markBit
        var h = start, n = 0
        while n < needle.count {
            // One unit: a base (compared without its mark bit at the start) and the marks after it.
            guard h < hay.count, hay[h] & ~markBit == needle[n] & ~markBit else { return nil }
            h += 1; n += 1
            let needleMarks = n
            while n < needle.count, needle[n] & markBit != 0 { n += 1 }
            let hayMarks = h
            while h < hay.count, hay[h] & markBit != 0 { h += 1 }
            if n > needleMarks {
                // The marks typed must begin the marks at this place.
                guard h - hayMarks >= n - needleMarks else { return nil }
                for k in 0..<(n - needleMarks) where hay[hayMarks + k] != needle[needleMarks + k] { return nil }
            }
        }
        return h
    }

    // MARK: Folding

    /// Appends the scalars of `text`, decomposed and lower-cased, marks flagged; when
    /// `tracking`, `sources` gets for each the offset of the character it came from.
    private static func fold(_ text: String, into out: inout [UInt32], sources: inout [Int], tracking: Bool) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: one scalar a character, no marks, no decomposition.
            var offset = 0
            for b in text.utf8 {
                out.append(UInt32(b >= 0x41 && b <= 0x5A ? b + 0x20 : b))
                if tracking { sources.append(offset) }
                offset += 1
            }
            return
        }
        var offset = 0
        for character in text {
            let before = out.count
            if character.unicodeScalars.allSatisfy(hasNoDecomposition) {
                for s in character.unicodeScalars { appendFolded(s, to: &out) }
            } else {
                for s in String(character).decomposedStringWithCanonicalMapping.unicodeScalars { appendFolded(s, to: &out) }
            }
            if tracking { for _ in before..<out.count { sources.append(offset) } }
            offset += 1
        }
    }

    private static func appendFolded(_ s: Unicode.Scalar, to out: inout [UInt32]) {
        let v = s.value
        if v < 0x80 {
            out.append(v >= 0x41 && v <= 0x5A ? v + 0x20 : v)
            return
        }
        let properties = s.properties
        if properties.changesWhenLowercased {
            for l in properties.lowercaseMapping.unicodeScalars { out.append(l.value | (isMark(l) ? markBit : 0)) }
        } else {
            out.append(v | (isMark(s) ? markBit : 0))
        }
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        guard s.value >= 0x300 else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Scalars whose canonical decomposition is themselves, in the scripts met most (so that
    /// they skip Foundation's normalisation): Thai, Hebrew letters and points, Hangul jamo, CJK
    /// ideographs, and the emoji planes; also every combining mark of the basic ranges.
    private static func hasNoDecomposition(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0xC0, 0x0300...0x033F, 0x0346...0x036F, 0x0591...0x05F4, 0x0E00...0x0E7F, 0x1100...0x11FF,
             0x200B...0x206F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xFE00...0xFE0F, 0x1F000...0x1FAFF:
            return true
        default:
            return false
        }
    }
}

/// `TextSearch` for an SQL function called once a row with the same needle (`~` in a filter):
/// the needle is folded once, when it changes, and the answer for each text that is not ASCII is
/// remembered (a column of lists or names holds few distinct texts: the 9,000,000 weapons of a
/// 10,000,000-record log hold 55 enchantment lists, and folding Thai or Chinese by Unicode's
/// tables for each record cost a `~` count more than the rest of it). The texts come as their
/// UTF-8 bytes and are remembered by them: a text seen before costs a hash of its bytes, no
/// copy and no Unicode (a `String`'s hash normalizes it). One per connection; the lock (never
/// contended: a connection's functions run on its one thread) makes it safe to share all the
/// same.
public final class RepeatedTextSearch: Sendable {
    private struct State {
        var needle: [UInt8]? = nil
        var search = TextSearch("")
        /// Answers by the hash of a text's bytes: the texts with that hash and their answers.
        var answers: [Int: [(text: [UInt8], found: Bool)]] = [:]
        var remembered = 0
    }
    private let state = Locked(State())
    /// The most answers kept for one needle (a column of unique texts would otherwise keep them all).
    public static let remembered = 4096

    public init() {}

    /// Whether `haystack` contains `needle`.
    public func matches(_ haystack: String, _ needle: String) -> Bool {
        var h = haystack, n = needle
        return h.withUTF8 { hay in n.withUTF8 { matches(utf8: hay, needle: $0) } }
    }

    /// Whether the text whose UTF-8 bytes are `haystack` contains the one of `needle`.
    public func matches(utf8 haystack: UnsafeBufferPointer<UInt8>, needle: UnsafeBufferPointer<UInt8>) -> Bool {
        state.withLock { s in
            if s.needle.map({ !Self.same($0, needle) }) ?? true {
                s = State(needle: Array(needle), search: TextSearch(String(decoding: needle, as: UTF8.self)))
            }
            guard haystack.contains(where: { $0 >= 0x80 }) else { return s.search.matches(String(decoding: haystack, as: UTF8.self)) }
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(haystack))
            let key = hasher.finalize()
            if let known = s.answers[key]?.first(where: { Self.same($0.text, haystack) }) { return known.found }
            let found = s.search.matches(String(decoding: haystack, as: UTF8.self))
            if s.remembered >= Self.remembered { s.answers.removeAll(keepingCapacity: true); s.remembered = 0 }
            s.answers[key, default: []].append((Array(haystack), found))
            s.remembered += 1
            return found
        }
    }

    /// Whether `a` holds the bytes of `b` (memcmp: asked of every row).
    private static func same(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in x.count == 0 || memcmp(x.baseAddress!, b.baseAddress!, b.count) == 0 }
    }
}
