/// A connection handed to the one background thread that uses it. Unchecked because a
/// connection is not Sendable; safe because only that thread touches it after the hand-over.
final class HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }

    /// `make`'s connection (or why not), made now, for the one thread that opens it.
    static func opener(_ make: () throws -> Value) -> @Sendable () -> Result<Value, any Error> {
        let made = Result { try make() }.map(HandedOver.init)
        return { made.map(\.value) }
    }
}
