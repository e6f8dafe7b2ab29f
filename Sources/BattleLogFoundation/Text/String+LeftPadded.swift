extension String {
    /// The text padded on the left to `width` characters (`"7".leftPadded(to: 2)` is `"07"`).
    public func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
