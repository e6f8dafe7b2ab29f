/// The JSON values CoreDataKit hands out (an object's attributes, a store's metadata, the
/// history's tokens) are battlelog's foundation module's `JSONValue`, which is no product of
/// its own: a program that imports CoreDataKit names it and matches its cases through here.
@_exported import enum BattleLogFoundation.JSONValue
