// The harnesses' assertion: unlike `precondition`, whose message an optimised build drops, it
// says on stderr what broke before the crash that libFuzzer records.
import Foundation

/// Stops the run with `message` on stderr when `condition` is false.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fail(message()) }
}

/// Stops the run with `message` on stderr.
func fail(_ message: String) -> Never {
    fputs("harness check failed: \(message)\n", stderr)
    abort()
}
