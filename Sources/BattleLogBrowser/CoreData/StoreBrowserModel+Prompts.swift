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
            open(OpenOverlay(opener: .help))
        case .filter:
            let text = p.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { applyFilter(nil); return }
            guard let list = level?.list else { return }
            do {
                applyFilter(try EntityFilter.compile(text, entity: store.model.merged(list.entity)))
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
            goTo(pk)
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

    /// Lists the current level's objects matching `filter` (nil: all of them again), in the
    /// order they were in.
    func applyFilter(_ filter: EntityFilter?) {
        guard let list = level?.list else { return }
        let next: ObjectList? = switch list.source {
        case .entity: store.list(list.entity, filter: filter)
        case .related(let owner, let name):
            owner.entity.flatMap { store.model.entity(named: $0) }?.relationships.first { $0.name == name }.flatMap { store.list($0, of: owner, filter: filter) }
        }
        guard let next else { return }
        attempt { try lists.replace(with: .objects(next)) }
        if chrome.focus == .roster { chrome.focus = .records }
    }

    /// Tab in the filter prompt: the entity's fields and the keywords (`FilterCompletion`, as
    /// the battle log's filter completes), `true`/`false` after a boolean's `=`, `null` and `not`
    /// after `is`.
    func completeFilter(_ p: inout Prompt) {
        guard let listed = level?.list?.entity else { return }
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

    /// `:`: the object with that pk, or in the history the transaction with that number.
    func goTo(_ key: Int64) {
        guard let l = level else { return }
        guard let list = l.list else {
            guard (try? store.transaction(id: key)) ?? nil != nil else { chrome.status = labels.fill("cd.noSuchTransaction", String(key)); return }
            attempt { try lists.reload(.around(key)) }
            chrome.focus = .records
            return
        }
        guard (try? store.row(list, key: key)) ?? nil != nil else {
            chrome.status = labels.fill("cd.noSuchPk", SafeText.escape(list.entity.name), String(key))
            return
        }
        attempt { try lists.reload(.around(key)) }
        chrome.focus = .records
    }

    // MARK: - Search

    var rosterCursor: ListCursor { treeCursor }
    var rosterTexts: [String] { tree.map { $0.entity?.name ?? $0.historyTable ?? "" } }

    /// What a row's cells show: an object's values and its to-ones as their targets (`Book 3`);
    /// a transaction's columns.
    func searchTexts(_ row: StoreRow) -> [String] {
        guard let o = row.listed?.object else {
            return row.transaction == nil ? [source.name(row)] : source.historyColumns(width: 0, rows: []).map { $0.cell(row).text }
        }
        let values = o.attributes.map { TaggedValueText.shown($0.value, labels: labels).text }
        return [source.name(row), String(row.key)] + values + o.relationships.compactMap { StoreSource.toOneText($0.value) }
    }

    // MARK: - Export

    func promptExport() {
        guard let list = level?.list else { chrome.status = labels["cd.noObjects"]; return }
        if export?.isRunning == true { chrome.status = labels["exporting"] + "…"; return }
        chrome.prompt = Prompt(kind: .export, text: "", placeholder: BrowserModel.fileSafe(list.entity.name) + ".jsonl")
    }

    func startExport(_ p: Prompt) {
        guard let list = level?.list, let path = chrome.exportPath(p, labels: labels) else { return }
        guard let connection = try? store.secondConnection() else { chrome.status = labels.fill("exportFailed", SafeText.escape(path), "cannot read the store"); return }
        let box = HandedOver(connection)
        let columns = ObjectCSV.columns(list.entity, model: store.model)
        let job = BackgroundExport(to: path, total: listCount ?? 0, labels: labels, doneKeys: ("cd.exportedJSON", "cd.exportedCSV")) { format, sink in
            let store = box.value
            if format == .csv { try sink.header("\u{FEFF}" + ObjectCSV.header(columns)) }
            try store.forEachObject(in: list) { try sink.row(format == .csv ? ObjectCSV.line($0, columns: columns) : $0.json()) }
        }
        export = job
        job.start()
        chrome.status = nil
    }

    // MARK: - Bytes

    /// `i`: the stored bytes of the selected attribute (in the detail), or of every attribute
    /// of the selected object.
    func openBytes() {
        guard let list = level?.list, let row = selectedObject else { chrome.status = labels["cd.noObjects"]; return }
        guard let full = (try? store.row(list, key: row.ref.pk, reading: .stored)) ?? nil, let object = full.object else {
            chrome.status = labels.fill("cd.danglingFollow", StoreSource.name(row.ref))
            return
        }
        var names = object.stored.keys.sorted()
        if let entity = store.model.entity(named: object.entity) {
            names = entity.attributes.map(\.name).filter { object.stored[$0] != nil }
        }
        if chrome.focus == .detail, let line = lists.detailLine {
            if let a = line.attribute {
                names = [a]
            } else if let name = line.relationship, let entity = store.model.entity(named: object.entity),
                      let r = entity.relationships.first(where: { $0.name == name }), case .foreignKey(let column, let entityColumn) = r.storage {
                // A to-one is stored as its target's pk (and Z_ENT) in the object's own columns.
                let columns = [column] + (entityColumn.map { [$0] } ?? [])
                let values = (try? store.storedColumns(columns, of: row.ref)) ?? []
                return openBytes(zip(columns, values).flatMap { StoredBytes.lines(name: name + " (" + $0 + ")", value: $1, labels: labels) })
            } else if line.relationship == nil, !line.isHeading {
                // A node of a value's tree: its attribute's bytes.
            } else {
                chrome.status = labels["cd.bytesOfWhat"]
                return
            }
        }
        openBytes(Array(names.flatMap { [""] + StoredBytes.lines(name: $0, value: object.stored[$0] ?? .null, labels: labels) }.dropFirst()))
    }

    private func openBytes(_ lines: [String]) { open(OpenOverlay(opener: .inspect, title: labels["cd.bytesTitle"], text: .lines(lines))) }
}
