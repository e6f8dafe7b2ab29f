import BattleLogPresentation
import CoreDataKit

/// The Core Data store browser's state: the entity tree, and the engine's lists over the store
/// (`StackedLists` of a `StoreSource`): an entity's objects or the history, then what was
/// followed from them, and the selected row's detail. Plain Swift over a read-only
/// `CoreDataStore`, no ncurses: `StoreBrowserView` draws it, `handle(_:)` changes it. It shares
/// the battle log browser's layout, prompts, key map and event loop.
public final class StoreBrowserModel {
    public let labels: Labels
    /// The store's path as the title bar shows it.
    public let storePath: String
    public internal(set) var layout: Layout

    // MARK: Entity tree
    public internal(set) var tree: [TreeRow]
    public internal(set) var treeCursor = ListCursor()

    /// The lists on the path from the selected entity (or the history), and the detail.
    var lists: StackedLists<StoreSource>

    // MARK: Interaction
    /// The focus, the prompt, the status line, the search and the loop's requests, as both
    /// browsers keep them.
    public internal(set) var chrome = BrowserChrome()
    /// The help, the model (`m`), stored bytes (`i`) or a value read whole (Enter), when open.
    var overlay: OpenOverlay?
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

    public init(store: CoreDataStore, labels: Labels, storePath: String, rows: Int, columns: Int, status: String? = nil) {
        self.labels = labels
        self.storePath = storePath
        // An object's detail (its attributes, their trees, its relationships) is what a person
        // reads here: it gets four rows more than the battle log's record detail.
        chrome.paneSizes.records = -4
        self.layout = Layout(rows: rows, columns: columns, sizes: chrome.paneSizes)
        self.lists = StackedLists(source: StoreSource(store: store, labels: labels))
        self.chrome.status = status
        self.tree = TreeRow.rows(store.model)
        resize(rows: rows, columns: columns)
        // The first entity with objects to show (the tree's first row may be a heading).
        if let first = tree.firstIndex(where: { $0.entity != nil }) { selectRosterRow(first) }
    }

    deinit { source.shutDown(timeout: 0) }

    // MARK: - Derived

    var store: CoreDataStore { source.store }
    var level: ListLevel<StoreSource>? { lists.level }
    public var selectedObject: ListedObject? { lists.selectedRow?.listed }
    /// The history, when it is the list shown.
    var shownHistory: ListLevel<StoreSource>? { level?.query.list == nil ? level : nil }

    public func count(of entity: Entity) -> Int? { source.count(of: entity) }

    /// Where the user is: `Person 1 › cars › SportCar 3`.
    public var breadcrumb: String { lists.breadcrumb }
    /// The current list's count, nil until known.
    public var listCount: Int? { level.flatMap { source.count($0.query) } }

    // MARK: - Entity tree

    func selectRosterRow(_ index: Int) {
        guard !tree.isEmpty else { return }
        treeCursor.select(index, count: tree.count, visible: layout.rosterRows)
        let entity = tree[treeCursor.index].entity
        // From one history row to another: the history stays where it was.
        if entity == nil, let first = lists.levels.first, first.query.list == nil { lists.keepFirst(); return }
        attempt { try lists.open(entity.map { .objects(store.list($0)) } ?? (store.hasHistory ? .history : nil)) }
    }

    // MARK: - Following

    /// Enter on a to-one or a change: the object, in its whole entity's list; on a to-many:
    /// its targets' list.
    func follow(_ action: StoreAction, from line: DetailLine<StoreAction>) {
        switch action {
        case .follow(let ref):
            // A change in the history may name an object deleted since.
            guard let entity = ref.entity.flatMap(store.model.entity(named:)), (try? store.exists(ref)) == true else {
                chrome.status = labels.fill(shownHistory != nil ? "cd.goneSince" : "cd.danglingFollow", StoreSource.name(ref))
                return
            }
            // Positioned at it, its neighbours one key away.
            push(.objects(store.list(store.model.root(of: entity))), via: shownHistory != nil ? nil : line.label, at: ref.pk)
        case .list(let relationship, let entity, let owner):
            guard let r = store.model.entity(named: entity)?.relationships.first(where: { $0.name == relationship }),
                  let list = store.list(r, of: owner) else {
                chrome.status = labels["cd.unresolved"]
                return
            }
            push(.objects(list), via: relationship, at: nil)
        }
    }

    // MARK: - Layout

    public func resize(rows: Int, columns: Int) {
        layout = Layout(rows: rows, columns: columns, sizes: chrome.paneSizes, keyBar: showsKeyBar)
        treeCursor.keepInView(count: tree.count, visible: layout.rosterRows)
        lists.resize(listRows: layout.recordRows, detailRows: max(1, layout.detail.height - 2), detailWidth: layout.detail.width - 2)
    }

    /// The model as `coredata info` prints it, each entity with its count of objects (and its
    /// sub-entities') as far as counted.
    var modelLines: [String] { (try? CoreDataInfo.text(store, counts: false, objects: { self.count(of: $0) })) ?? [] }

    // MARK: - Life

    /// Whether the current list's sort is still finding its keys.
    public var isSorting: Bool { lists.isSorting }

    /// Sorted keys that arrived join the list; an export that ended says so; a count that
    /// arrived shows in the frame the loop draws after every tick.
    public func tick() {
        tickLists()
        // Counts that arrive while the model is shown join it.
        if overlay?.opener == .showModel, case .lines(let lines) = overlay?.text,
           lines.contains(where: { $0.hasSuffix("counting…)") || $0.contains("counting…,") }) { overlay?.text = .lines(modelLines) }
    }

    @discardableResult
    public func stopBackgroundWork() -> String? {
        source.shutDown()
        return stopExport()
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

extension StoreBrowserModel: BrowserSession {
    func render(on screen: Screen) { StoreBrowserView.render(self, on: screen) }
}
