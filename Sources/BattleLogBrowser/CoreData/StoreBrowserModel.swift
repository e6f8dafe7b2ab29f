import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import Foundation

/// The Core Data store browser's state and keys: the entity tree, the objects of the selected
/// entity (or of a followed relationship) in keyed pages, and the selected object's detail.
/// Plain Swift over a read-only `CoreDataStore`, no ncurses: `StoreBrowserView` draws it,
/// `handle(_:)` changes it. It shares the battle log browser's layout, prompts, key map and
/// event loop.
public final class StoreBrowserModel {
    /// The panes, as the battle log browser names its three: entities, objects, detail.
    public typealias Pane = BrowserModel.Pane
    public typealias Prompt = BrowserModel.Prompt

    public enum Overlay: Sendable, Equatable { case none, help, model, bytes, value }

    let store: CoreDataStore
    public let labels: Labels
    /// The store's path as the title bar shows it.
    public let storePath: String
    public internal(set) var layout: Layout

    // MARK: Entity tree
    public internal(set) var tree: [TreeRow]
    public internal(set) var treeCursor = ListCursor()
    let counter: StoreCounter
    let sorter: ObjectSorter

    // MARK: Objects: the path of lists from the selected entity (or from the history)
    public internal(set) var levels: [ObjectLevel] = []
    /// The persistent history, when the tree's history is selected.
    public internal(set) var history: HistoryLevel?
    var detail: ObjectDetail?
    public internal(set) var detailCursor = ListCursor()
    /// Tree nodes folded or unfolded against their default, by path.
    var toggled: Set<String> = []
    /// Each entity's column layout (`[`, `]`, `{`, `}`, `H`, `=`), and the history's.
    var columnLayouts: [ColumnsKey: ColumnLayout] = [:]

    // MARK: Interaction
    /// The focus, the prompt, the status line, the search and the loop's requests, as both
    /// browsers keep them.
    public internal(set) var chrome = BrowserChrome()
    public internal(set) var overlay: Overlay = .none {
        didSet { if overlay != oldValue { chrome.overlayScroll = 0 } }
    }
    /// The lines of the bytes overlay (`i`) and of the model's (`m`), read when they open.
    var bytesLines: [String] = []
    var modelLines: [String] = []
    /// The value overlay's title and whole text (Enter on a value).
    var shownValue: (title: String, text: String) = ("", "")
    /// Where a search started, in the focused pane (while its prompt is open).
    var searchOrigin: Int?
    /// The function-key bar at the bottom (`key_bar = true` in the config).
    public var showsKeyBar = false {
        didSet { resize(rows: layout.rows, columns: layout.columns) }
    }
    var export: BackgroundExport?
    /// The object filters applied, kept across runs apart from the battle log's (another
    /// vocabulary); Up and Down walk it in the filter prompt.
    public var filterHistory = FilterHistory(path: nil)

    /// Rows read per page: a screenful and a half, one small query per page key.
    static let pageFetch = 64
    /// The most rows a list keeps loaded (constant memory at any size).
    static let maxWindow = 640

    public init(store: CoreDataStore, labels: Labels, storePath: String, rows: Int, columns: Int, status: String? = nil) {
        self.store = store
        self.labels = labels
        self.storePath = storePath
        // An object's detail (its attributes, their trees, its relationships) is what a person
        // reads here: it gets four rows more than the battle log's record detail.
        chrome.paneSizes.records = -4
        self.layout = Layout(rows: rows, columns: columns, sizes: chrome.paneSizes)
        self.chrome.status = status
        self.tree = TreeRow.rows(store.model)
        self.counter = StoreCounter(store: store)
        self.sorter = ObjectSorter(store: store)
        // The first entity with objects to show (the tree's first row may be a heading).
        if let first = tree.firstIndex(where: { $0.entity != nil }) { selectTreeRow(first) }
    }

    deinit {
        counter.shutDown(timeout: 0)
        sorter.shutDown(timeout: 0)
    }

    // MARK: - Derived

    public var level: ObjectLevel? { levels.last }
    public var selectedTreeRow: TreeRow? { tree.indices.contains(treeCursor.index) ? tree[treeCursor.index] : nil }
    public var selectedObject: ListedObject? { level?.window.selectedRow }

    /// An entity's objects (with its sub-entities), counted in the background; nil until known.
    public func count(of entity: Entity) -> Int? {
        counter.count("entity:" + entity.name, .list(store.list(entity)))
    }

    public func count(ofTable table: String) -> Int? { counter.count("table:" + table, .table(table)) }

    /// The current list's count, nil until known.
    public var listCount: Int? {
        guard let l = level else { return nil }
        if case .entity(let name) = l.list.source, l.list.filter == nil, let e = store.model.entity(named: name) { return count(of: e) }
        return counter.count(l.countKey, .list(l.list))
    }

    /// `Person 1 › cars › SportCar 3`: the selected object of each level and the relationship
    /// followed from it.
    public var breadcrumb: String {
        var parts: [String] = []
        if let t = history?.selectedTransaction { parts.append(labels.fill("cd.transaction", String(t.id))) }
        for (i, l) in levels.enumerated() {
            if let via = l.via, i > 0 { parts.append(SafeText.escape(via)) }
            if let row = l.window.selectedRow { parts.append(Self.name(row.ref)) }
            else if i == levels.count - 1 { parts.append(SafeText.escape(l.list.entity.name)) }
        }
        return parts.joined(separator: " › ")
    }

    static func name(_ ref: ObjectRef) -> String { SafeText.escape(ref.entity ?? "?") + " " + String(ref.pk) }

    // MARK: - Entity tree

    func selectTreeRow(_ index: Int) {
        guard !tree.isEmpty else { return }
        treeCursor.index = max(0, min(tree.count - 1, index))
        keepTreeInView()
        // From one history row to another: the history stays where it was.
        if tree[treeCursor.index].entity == nil, history != nil {
            for l in levels { l.sorted?.cancel() }
            levels = []
            refreshDetail(resetLine: false)
            return
        }
        for l in levels { l.sorted?.cancel() }
        levels = []
        detail = nil
        history = nil
        guard let entity = tree[treeCursor.index].entity else {
            if store.hasHistory { openHistory() }
            return
        }
        var l = ObjectLevel(list: store.list(entity))
        load(&l, .first)
        levels = [l]
        refreshDetail(resetLine: true)
    }

    func keepTreeInView() { treeCursor.keepInView(count: tree.count, visible: layout.rosterRows) }

    // MARK: - Lists in keyed pages

    /// How the list's pages are read: by pk, or (sorted) by place among the sort's keys.
    func pages(of l: ObjectLevel) -> WindowPages<ListedObject> {
        let store = self.store, list = l.list
        guard let sorted = l.sorted else {
            return .byKey(\.ref.pk) { from, backward, n in try store.page(list, from: from, backward: backward, limit: n) }
        }
        return WindowPages(
            after: { w, n in
                let start = w.firstPosition + w.rows.count
                return try store.rows(list, keys: sorted.keys(start..<start + n))
            },
            before: { w, n in try store.rows(list, keys: sorted.keys(max(0, w.firstPosition - n)..<w.firstPosition)) },
            around: { key, n, pages in
                var w = KeyedWindow<ListedObject>()
                let position = sorted.position(of: key) ?? 0
                try w.fill(from: max(0, position - n / 2), selecting: position, pages, limit: n + n / 2)
                return w
            },
            reachedEnd: { w, _, _ in sorted.isDone && w.firstPosition + w.rows.count >= sorted.count },
            reachedStart: { w, _, _ in w.firstPosition <= 0 },
            end: { sorted.count })
    }

    /// Fills `l` from its first row, its last, or around a key.
    func load(_ l: inout ObjectLevel, _ start: WindowStart) { load(&l.window, start, pages(of: l)) }

    /// Fills a list's window from `start`; a read that fails says why.
    func load<Row>(_ window: inout KeyedWindow<Row>, _ start: WindowStart, _ pages: WindowPages<Row>) {
        do { try window.load(start, pages, limit: Self.pageFetch, visible: layout.recordRows) } catch { chrome.say(error, labels: labels) }
    }

    /// Moves a list's selection by `delta` rows, reading pages as it goes.
    func move<Row>(_ window: inout KeyedWindow<Row>, by delta: Int, _ pages: WindowPages<Row>) {
        do {
            try window.move(by: delta, visible: layout.recordRows, limit: Self.pageFetch, maxRows: Self.maxWindow, pages)
        } catch {
            chrome.say(error, labels: labels)
        }
    }

    /// Moves the selection of the current list by `delta` rows.
    func moveObjects(by delta: Int) {
        guard var l = levels.popLast() else { return }
        move(&l.window, by: delta, pages(of: l))
        levels.append(l)
        refreshDetail(resetLine: true)
    }

    /// Reads the selected object's detail again (`resetLine`: from its first line).
    func refreshDetail(resetLine: Bool) {
        if shownHistory != nil {
            detail = historyDetail()
        } else if let l = level, let listed = selectedObject {
            if resetLine { toggled = [] }
            // The list read what a row shows; the detail reads every value.
            let full = (try? store.row(l.list, key: listed.ref.pk, reading: .single)) ?? nil
            detail = ObjectDetail.build(full ?? listed, store: store, toggled: toggled, labels: labels, width: layout.detail.width - 2)
        } else {
            detail = nil
            return
        }
        let lines = detail?.lines ?? []
        if resetLine { detailCursor.reset(to: lines) }
        detailCursor.index = max(0, min(detailCursor.index, lines.count - 1))
        keepDetailInView()
    }

    var detailRows: Int { max(1, layout.detail.height - 2) }

    func keepDetailInView() { detailCursor.keepInView(count: detail?.lines.count ?? 0, visible: detailRows) }

    /// Moves the detail's selection by `delta` selectable lines.
    func moveDetail(by delta: Int) { detailCursor.move(by: delta, in: detail?.lines ?? [], visible: detailRows) }

    // MARK: - Following

    /// Enter on a detail line: follow a to-one, open a to-many's list, fold a value.
    func openDetailLine() {
        guard let d = detail, d.lines.indices.contains(detailCursor.index), let action = d.lines[detailCursor.index].action else { return }
        switch action {
        case .fold(let path):
            if toggled.contains(path) { toggled.remove(path) } else { toggled.insert(path) }
            refreshDetail(resetLine: false)
        case .dangling(let ref):
            chrome.status = labels.fill("cd.danglingFollow", Self.name(ref))
        case .empty(let why):
            chrome.status = why
        case .read:
            let line = d.lines[detailCursor.index]
            // A text's own line breaks are kept; anything else is as the line shows it.
            shownValue = (line.label, line.json.map { if case .string(let s) = $0 { s } else { line.value } } ?? line.value)
            overlay = .value
        case .follow(let ref):
            // A change in the history may name an object deleted since.
            guard let name = ref.entity, let entity = store.model.entity(named: name), (try? store.exists(ref)) == true else {
                chrome.status = labels.fill(shownHistory != nil ? "cd.goneSince" : "cd.danglingFollow", Self.name(ref))
                return
            }
            // The target's whole entity, positioned at it: its neighbours are one key away.
            let root = store.model.entities.first { $0.name == rootName(of: entity) } ?? entity
            push(ObjectLevel(list: store.list(root), via: d.lines[detailCursor.index].label), at: ref.pk)
        case .list(let relationship):
            guard let object = d.object, let entity = store.model.entity(named: object.entity),
                  let r = entity.relationships.first(where: { $0.name == relationship }),
                  let list = store.list(r, of: d.ref) else {
                chrome.status = labels["cd.unresolved"]
                return
            }
            push(ObjectLevel(list: list, via: relationship), at: nil)
        }
    }

    func rootName(of entity: Entity) -> String {
        var e = entity
        while let p = e.parent, let parent = store.model.entity(named: p), parent.name != e.name { e = parent }
        return e.name
    }

    func push(_ level: ObjectLevel, at key: Int64?) {
        // Where the detail was, to come back to it.
        if var here = levels.popLast() {
            here.detailCursor = detailCursor
            here.toggled = toggled
            levels.append(here)
        } else if history != nil {
            history?.detailCursor = detailCursor
            history?.returnFocus = chrome.focus
        }
        var l = level
        l.returnFocus = chrome.focus
        load(&l, key.map { .around($0) } ?? .first)
        levels.append(l)
        chrome.focus = .records
        refreshDetail(resetLine: true)
    }

    /// Back one level along the path; false at the first.
    func popLevel() -> Bool {
        if levels.count == 1, let h = history {
            // Back from an object opened from a change: to the history.
            levels[0].sorted?.cancel()
            levels = []
            chrome.focus = h.returnFocus
            refreshDetail(resetLine: false)
            detailCursor = h.detailCursor
            keepDetailInView()
            return true
        }
        guard levels.count > 1, let left = levels.popLast() else { return false }
        left.sorted?.cancel()
        chrome.focus = left.returnFocus
        let back = levels[levels.count - 1]
        toggled = back.toggled
        refreshDetail(resetLine: false)
        detailCursor = back.detailCursor
        keepDetailInView()
        return true
    }

    // MARK: - Layout

    public func resize(rows: Int, columns: Int) {
        layout = Layout(rows: rows, columns: columns, sizes: chrome.paneSizes, keyBar: showsKeyBar)
        keepTreeInView()
        if !levels.isEmpty { levels[levels.count - 1].window.keepSelectionInView(visible: layout.recordRows) }
        history?.window.keepSelectionInView(visible: layout.recordRows)
        if detail != nil { refreshDetail(resetLine: false) }
    }

    var panes: [Pane] { chrome.paneSizes.zoomed.map { [$0] } ?? Pane.allCases }

    /// The model as `coredata info` prints it, each entity with its count of objects (and its
    /// sub-entities') as far as counted.
    func readModelLines() {
        modelLines = (try? CoreDataInfo.text(store, counts: false, objects: { self.count(of: $0) })) ?? []
    }

    // MARK: - Life

    /// Shorter while a sort finds its keys, so that they show as they come.
    public var eventTimeout: Int32 { isSorting ? 50 : 250 }

    /// An export that ended says so; a count that arrived shows in the frame the loop draws
    /// after every tick.
    public func tick() {
        tickSort()
        // Counts that arrive while the model is shown join it.
        if overlay == .model, modelLines.contains(where: { $0.hasSuffix("counting…)") || $0.contains("counting…,") }) { readModelLines() }
        if let e = export, !e.isRunning, let summary = e.summary {
            chrome.status = summary
            export = nil
        }
    }

    @discardableResult
    public func stopBackgroundWork() -> String? {
        counter.shutDown()
        sorter.shutDown()
        guard let export, export.isRunning else { return nil }
        export.stop()
        export.wait()
        return export.summary.map { labels["stoppedOnQuit"] + ": " + $0 }
    }
}

/// One row of the entity tree: an entity at its depth, the history heading, or a history table.
public struct TreeRow: Sendable {
    public var entity: Entity?
    public var historyTable: String?
    public var depth: Int

    /// The model's entity tree (`CoreDataModel.entityTree`), then the persistent history's
    /// tables under their heading.
    static func rows(_ model: CoreDataModel) -> [TreeRow] {
        var rows = model.entityTree().map { TreeRow(entity: $0.entity, historyTable: nil, depth: $0.depth) }
        if !model.historyTables.isEmpty {
            rows.append(TreeRow(entity: nil, historyTable: nil, depth: 0))
            for t in model.historyTables { rows.append(TreeRow(entity: nil, historyTable: t, depth: 1)) }
        }
        return rows
    }
}

/// One list on the path: what it lists, the loaded window of its rows and the selection.
public struct ObjectLevel: Sendable {
    public var list: ObjectList
    /// The loaded rows around the selection.
    public internal(set) var window = KeyedWindow<ListedObject>()
    /// The relationship followed from the previous level's object (nil for the first level).
    public let via: String?
    /// The order (nil: by key) and, for a sort, the keys found so far.
    public internal(set) var sort: ObjectSort?
    var sorted: SortedKeys?
    /// The pane that had the focus when this level was opened (back returns to it).
    var returnFocus: BrowserModel.Pane = .records
    /// The detail's line, scroll and folds when a relationship was followed from this level.
    var detailCursor = ListCursor()
    var toggled: Set<String> = []

    init(list: ObjectList, via: String? = nil) {
        self.list = list
        self.via = via
    }

    /// What the counter files this list's count under.
    var countKey: String {
        let source: String = switch list.source {
        case .entity(let name): "entity:" + name
        case .related(let owner, let r): "related:\(owner.entity ?? "?"):\(owner.pk):\(r)"
        }
        return source + "|" + (list.filter?.text ?? "")
    }
}

extension StoreBrowserModel: BrowserSession {
    func render(on screen: Screen) { StoreBrowserView.render(self, on: screen) }
    func say(_ message: String) { chrome.status = message }
}
