import BattleLogKit
import BattleLogPresentation

/// `:` go to: a record id (`123` or `#123`), a fight (`f123`), or a day (`2026-11-29`).
extension BrowserModel {
    /// What a go-to text names.
    enum GoToTarget: Equatable {
        case record(Int64)
        case fight(Int64)
        /// The first second of a day (UTC).
        case day(Int64)

        init?(_ text: String) {
            var t = text.trimmingCharacters(in: .whitespaces).lowercased()
            if t.hasPrefix("#") { t.removeFirst() }
            // Any whole number is a record's id, 0 too: one no record has is said so.
            if let id = Int64(t) { self = .record(id); return }
            for prefix in ["fight", "f"] where t.hasPrefix(prefix) {
                if let id = Int64(t.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)), id > 0 { self = .fight(id); return }
            }
            if !t.contains("t"), let day = ISODate.parse(t) { self = .day(day); return }
            return nil
        }
    }

    func goTo(_ text: String) throws {
        guard let target = GoToTarget(text) else {
            // A day that does not exist (2026-02-30) is said so, as the filter says it.
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let problem = ISODate.problem(trimmed)
            let error = GoToNumber.isTooLarge(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed) ? GoToNumber.tooLarge(labels) : nil
            throw ListInputError(text: error ?? problem.map { Template.fill(labels["filterError." + $0.key], $0.arguments) } ?? labels["goToError"])
        }
        switch target {
        case .record(let id):
            do { try show(try store.record(id: id)) }
            catch StoreError.noSuchRecord { chrome.status = labels.fill("goToNoRecord", String(id)) }
        case .fight(let fight):
            guard let first = try store.records(ofFight: fight).first else {
                chrome.status = labels.fill("goToNoFight", String(fight))
                return
            }
            try show(first)
        case .day(let start):
            // The first record of that day in the selected Human's list (or the next one after it).
            guard let human = selectedHuman else { return }
            let day = ISODate.format(start).prefix(10)
            let filter = try FilterCompiler.compile("date >= \(day)", roster: roster.humans)
            guard let first = try store.page(RecordQuery(ownerID: human.id, filter: filter), direction: .newer, limit: 1).first else {
                chrome.status = labels.fill("goToNothingAfter", String(day))
                return
            }
            try show(first)
            if let date = first.date, date >= start + 86_400 {
                chrome.status = labels.fill("goToNextDay", String(day), first.dateText(labels))
            }
        }
    }

    /// Selects `record` in the filter's list when it is one of the matches found, else in its
    /// owner's list (leaving a filter, and saying so), with the records pane focused. A record
    /// whose owner column names no Human is in no Human's list: that is said, with the reason.
    func show(_ record: Record) throws {
        let inFilter = filterSearch?.position(of: record.id) != nil
        let leavesFilter = filterSearch != nil && !inFilter
        if !inFilter {
            guard let index = roster.humans.firstIndex(where: { $0.id == record.owner.id }), !record.owner.isUnknown else {
                chrome.status = labels.fill("goToNoOwner", String(record.id), SafeText.escape(record.owner.damage ?? ""))
                return
            }
            if index != roster.cursor.index || filterSearch != nil { try selectHuman(at: index, loading: false) }
        }
        try select(record)
        chrome.focus = .records
        chrome.status = labels.fill(leavesFilter ? "goToLeftFilter" : "showRecord", String(record.id), record.fightText(labels))
    }
}
