import Foundation

/// Live refresh: whether it is on (F5), how often it looks for other processes' commits, the
/// data version it saw last and when, and whether commits arrived while a filter's scan still
/// ran (it scans again when the scan ends: one scan at a time, whatever the rate of commits).
public struct LiveRefreshState: Sendable {
    public internal(set) var isOn = true
    /// How often it looks, in seconds (`refresh_ms`; a test sets 0).
    public var interval = 0.4
    var dataVersion: Int64 = 0
    var lastPoll = Date.distantPast
    var pending = false
}
