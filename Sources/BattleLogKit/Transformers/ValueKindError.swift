/// Why a stored value of one kind is refused, in that kind's own terms (a magic's field out of
/// range, a timeline's action out of order). Each kind declares its errors in its folder
/// (`Values/Magic/MagicError.swift`, ...); `TransformError.kind` carries them, so that a new
/// kind adds no case here.
public protocol ValueKindError: Error, Sendable, Equatable, CustomStringConvertible {}

extension ValueKindError {
    /// Whether `other` is the same error of the same kind.
    func isEqual(to other: any ValueKindError) -> Bool { (other as? Self) == self }
}
