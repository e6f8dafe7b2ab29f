import Foundation
import SQLiteDB

extension TransformerRegistry {
    /// The transformers battlelog's model uses, with their JSON and CSV forms and the
    /// derivations the model's query columns name: the one list of value kinds. Each kind's
    /// type, transformer and forms live in its folder under `Values/` (`.mediaTime` in
    /// `Values/MediaTime/MediaTime+Forms.swift`, and so on); its presenter is found through its
    /// type (`PresentedValue`, in the presentation's `Values/`), not listed again.
    public static let standard: TransformerRegistry = {
        var registry = TransformerRegistry()
        registry.register(.mediaTime)
        registry.register(.intArray)
        registry.register(.magic)
        registry.register(.timeline)
        registry.register(.weapon)
        return registry
    }()
}
