/// The foundation the Kit stands on (JSON, ISO dates, terminal-safe text, small support types)
/// is part of its interface: a module that imports the Kit gets it too.
@_exported import BattleLogFoundation
