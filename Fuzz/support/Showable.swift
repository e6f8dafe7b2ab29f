// Checks the harnesses share (compiled into every harness by Fuzz/run).

/// No scalar that can drive a terminal: an unsafe scalar may only be a joiner that is text.
func isShowable(_ text: String) -> Bool {
    var previous: Unicode.Scalar?
    for s in text.unicodeScalars {
        defer { previous = s }
        if SafeText.isUnsafe(s) && !SafeText.isTextJoiner(s, after: previous) { return false }
    }
    return true
}
