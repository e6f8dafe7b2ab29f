/// What a model's query path is to the filter language: a number (`<`, `>=`, ...), text (`=`,
/// `!=`, `~` contains), a list of texts one a line (`~` finds a part of any of them; not a
/// field to group by), a date (compared as `date` is: a day, or an instant) or a span of time
/// in seconds (`seconds`: a number, also written as a clock `0:07.5` or `90s`, grouped and shown
/// as a clock, as `duration` is).
public enum QueryPathKind: String, Sendable, Equatable {
    case number, text, list, date, seconds
}
