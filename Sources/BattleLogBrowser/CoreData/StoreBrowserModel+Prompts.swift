import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import Foundation

/// The Core Data browser's prompts: search as you type, the entity filter, go to a pk, export,
/// and the help's filter (a `PromptHost`: the keys are the host's, written once); and the bytes
/// overlay.
extension StoreBrowserModel {
    func cancelPrompt(_ p: Prompt) { if p.kind == .search { cancelSearch() } }

    func ownPromptKey(_ key: Key, _ p: Prompt) -> Bool { toggleSearch(key, p) }

    func complete(_ p: inout Prompt) -> Bool {
        switch p.kind {
        case .filter: completeFilter(&p)
        case .sort: completeSort(&p)
        default: return false
        }
        return true
    }

    func submit(_ p: Prompt) {
        switch p.kind {
        case .search: submitSearch(p)
        case .helpFilter:
            chrome.helpFilter = p.text.isEmpty ? nil : p.text
            overlay = .help
            chrome.overlayScroll = 0
        case .filter:
            let text = p.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { applyFilter(nil); return }
            guard let l = level else { return }
            do {
                applyFilter(try EntityFilter.compile(text, entity: store.model.merged(l.list.entity)))
                filterHistory.add(text)
            } catch {
                chrome.prompt = Prompt(kind: .filter, text: p.text, cursor: error.column - 1, error: error.text(labels), errorColumn: error.column)
            }
        case .goTo:
            let digits = p.text.trimmingCharacters(in: .whitespaces)
            guard let pk = Int64(digits) else {
                chrome.prompt = Prompt(kind: .goTo, text: p.text, error: labels["cd.goToNeedsPk"], placeholder: p.placeholder)
                return
            }
            if shownHistory != nil { goToTransaction(pk) } else { goTo(pk) }
        case .export:
            startExport(p)
        case .sort:
            do {
                try applySort(p.text)
            } catch {
                chrome.prompt = Prompt(kind: .sort, text: p.text, error: error.text(labels))
            }
        // The record browser's own prompts; this browser opens none of them.
        case .simulate, .seek, .saveView, .recallView:
            break
        }
    }

    // MARK: - Filter

    /// Lists the current level's objects matching `filter` (nil: all of them again).
    func applyFilter(_ filter: EntityFilter?) {
        guard let l = levels.last else { return }
        let list: ObjectList?
        switch l.list.source {
        case .entity:
            list = store.list(l.list.entity, filter: filter)
        case .related(let owner, let name):
            let r = owner.entity.flatMap { store.model.entity(named: $0) }?.relationships.first { $0.name == name }
            list = r.flatMap { store.list($0, of: owner, filter: filter) }
        }
        guard let list else { return }
        var next = ObjectLevel(list: list, via: l.via)
        next.returnFocus = l.returnFocus
        // The sort stays: the matches are sorted anew.
        l.sorted?.cancel()
        next.sort = l.sort
        next.sorted = l.sort.map { sorter.sort(list, by: $0) }
        load(&next, .first)
        levels[levels.count - 1] = next
        if chrome.focus == .roster { chrome.focus = .records }
        refreshDetail(resetLine: true)
    }

    /// Tab in the filter prompt: the entity's fields and the keywords (`FilterCompletion`, as
    /// the battle log's filter completes), `true`/`false` after a boolean's `=`, `null` and `not`
    /// after `is`.
    func completeFilter(_ p: inout Prompt) {
        guard let listed = level?.list.entity else { return }
        let entity = store.model.merged(listed)
        let booleans = Set(entity.attributes.filter { $0.type == .boolean }.map { $0.name.lowercased() })
        let vocabulary = FilterCompletion.Vocabulary(
            words: EntityFilter.fieldNames(entity) + FilterCompletion.keywords,
            values: { booleans.contains($0) ? ["true", "false"] : [] },
            following: { previous in
                if previous.last == "is" { return ["null", "not"] }
                if previous.suffix(2) == ["is", "not"] { return ["null"] }
                return nil
            })
        guard let result = FilterCompletion.complete(p.line, vocabulary) else { return }
        p.line = result.line
        p.candidates = result.candidates
    }

    // MARK: - Go to

    func goTo(_ pk: Int64) {
        guard var l = levels.popLast() else { return }
        defer { levels.append(l); refreshDetail(resetLine: true) }
        guard (try? store.row(l.list, key: pk)) ?? nil != nil else {
            chrome.status = labels.fill("cd.noSuchPk", SafeText.escape(l.list.entity.name), String(pk))
            return
        }
        load(&l, .around(pk))
        chrome.focus = .records
    }

    // MARK: - Search (`PaneTextSearch`)

    /// The selection in the focused pane, as search counts it.
    var cursor: Int {
        switch chrome.focus {
        case .roster: treeCursor.index
        case .records: level?.window.selected ?? shownHistory?.window.selected ?? 0
        case .detail: detailCursor.index
        }
    }

    func select(_ index: Int) {
        switch chrome.focus {
        case .roster: if index != treeCursor.index { selectTreeRow(index) }
        case .records:
            if let w = level?.window, index != w.selected { moveObjects(by: index - w.selected) }
            if let w = shownHistory?.window, index != w.selected { moveHistory(by: index - w.selected) }
        case .detail:
            detailCursor.index = max(0, min(index, (detail?.lines.count ?? 1) - 1))
            keepDetailInView()
        }
    }

    /// A long list's objects or transactions: only the rows loaded around the selection.
    var searchesPart: Bool {
        guard chrome.focus == .records else { return false }
        if let w = level?.window { return !(w.atStart && w.atEnd) }
        if let w = shownHistory?.window { return !(w.atStart && w.atEnd) }
        return false
    }

    /// The texts search looks through in the focused pane, each row's apart (a regular
    /// expression's `^` and `$` anchor to one of them): entity names, the loaded rows' values,
    /// the detail's labels and values.
    var searchable: [[String]] {
        switch chrome.focus {
        case .roster:
            return tree.map { [$0.entity?.name ?? $0.historyTable ?? ""] }
        case .records:
            if let h = shownHistory {
                let columns = historyColumns(width: 0)
                return h.window.rows.map { t in columns.map { $0.cell(t).text } }
            }
            return (level?.window.rows ?? []).map { row in
                guard let o = row.object else { return [Self.name(row.ref)] }
                // What the row's cells show: values, and to-ones as their targets (`Book 3`).
                let values = o.attributes.map { TaggedValueText.shown($0.value, labels: labels).text }
                let targets = o.relationships.compactMap { ObjectColumns.toOneText($0.value) }
                return [Self.name(row.ref), String(row.ref.pk)] + values + targets
            }
        case .detail:
            return (detail?.lines ?? []).map { $0.isSelectable ? [$0.label, $0.value] : [] }
        }
    }

    // MARK: - Export

    func promptExport() {
        guard let l = level else { chrome.status = labels["cd.noObjects"]; return }
        if export?.isRunning == true { chrome.status = labels["exporting"] + "…"; return }
        chrome.prompt = Prompt(kind: .export, text: "", placeholder: BrowserModel.fileSafe(l.list.entity.name) + ".jsonl")
    }

    func startExport(_ p: Prompt) {
        guard let l = level else { return }
        guard let path = chrome.exportPath(p, labels: labels) else { return }
        guard let connection = try? store.secondConnection() else { chrome.status = labels.fill("exportFailed", SafeText.escape(path), "cannot read the store"); return }
        let box = ConnectionBox(connection)
        let list = l.list
        let columns = ObjectCSV.columns(list.entity, model: store.model)
        let job = BackgroundExport(to: path, total: listCount ?? 0, labels: labels, doneKeys: ("cd.exportedJSON", "cd.exportedCSV")) { format, sink in
            let store = box.store
            if format == .csv { try sink.header("\u{FEFF}" + ObjectCSV.header(columns)) }
            var key: Int64?
            while true {
                let page = try store.page(list, from: key, limit: 500, reading: .full)
                for row in page {
                    guard let object = row.object else { continue }
                    try sink.row(format == .csv ? ObjectCSV.line(object, columns: columns) : object.json())
                }
                guard page.count == 500, let last = page.last else { break }
                key = last.ref.pk
            }
        }
        export = job
        job.start()
        chrome.status = nil
    }

    // MARK: - Bytes

    /// `i`: the stored bytes of the selected attribute (in the detail), or of every attribute
    /// of the selected object.
    func openBytes() {
        guard let l = level, let row = selectedObject else { chrome.status = labels["cd.noObjects"]; return }
        guard let full = (try? store.row(l.list, key: row.ref.pk, reading: .stored)) ?? nil, let object = full.object else {
            chrome.status = labels.fill("cd.danglingFollow", Self.name(row.ref))
            return
        }
        var names = object.stored.keys.sorted()
        if let entity = store.model.entity(named: object.entity) {
            names = entity.attributes.map(\.name).filter { object.stored[$0] != nil }
        }
        if chrome.focus == .detail, let d = detail, d.lines.indices.contains(detailCursor.index) {
            let line = d.lines[detailCursor.index]
            if let a = line.attribute {
                names = [a]
            } else if let name = line.relationship, let entity = store.model.entity(named: object.entity),
                      let r = entity.relationships.first(where: { $0.name == name }), case .foreignKey(let column, let entityColumn) = r.storage {
                // A to-one is stored as its target's pk (and Z_ENT) in the object's own columns.
                let columns = [column] + (entityColumn.map { [$0] } ?? [])
                let values = (try? store.storedColumns(columns, of: row.ref)) ?? []
                bytesLines = zip(columns, values).flatMap { StoredBytes.lines(name: name + " (" + $0 + ")", value: $1, labels: labels) }
                overlay = .bytes
                return
            } else if line.relationship == nil, !line.isHeading {
                // A node of a value's tree: its attribute's bytes.
            } else {
                chrome.status = labels["cd.bytesOfWhat"]
                return
            }
        }
        bytesLines = names.flatMap { StoredBytes.lines(name: $0, value: object.stored[$0] ?? .null, labels: labels) + [""] }
        if bytesLines.last == "" { bytesLines.removeLast() }
        overlay = .bytes
    }
}

/// A second connection, handed to the one background thread that uses it. Unchecked because
/// `CoreDataStore` is not Sendable; safe because only that thread ever touches it after the hand-over.
final class ConnectionBox: @unchecked Sendable {
    let store: CoreDataStore
    init(_ store: CoreDataStore) { self.store = store }
}
