import BattleLogKit
import BattleLogPresentation

/// What both browsers (records and Core Data objects) keep alike around their lists: which
/// pane has the focus and how the panes are sized, the prompt and the status line, the `/`
/// search, the open overlay's scroll and the help's filter, what the event loop is asked to do
/// (quit, redraw, copy, suspend, show in the pager), and the settings that reach the browser
/// (mouse, keys, export folder). The prompt's and the keys' handling (`PromptHost`, `KeyHost`)
/// and the event loop (`BrowserSession`) work on it alone.
public struct BrowserChrome: Sendable {
    public internal(set) var focus: BrowserModel.Pane = .roster
    /// How the panes were resized and whether one is zoomed.
    public internal(set) var paneSizes = PaneSizes()
    /// How far the open overlay is scrolled (its first line shown).
    public internal(set) var overlayScroll = 0
    public internal(set) var prompt: BrowserModel.Prompt?
    public internal(set) var status: String?
    /// The `/` search: its text, way and kind.
    public internal(set) var search = SearchState()
    /// Text that narrows the help overlay's list of keys (`/` inside help).
    public internal(set) var helpFilter: String?
    public internal(set) var shouldQuit = false
    /// Set when the screen must be repainted from scratch (Ctrl-L).
    public var wantsFullRedraw = false
    /// Text the user asked to copy (`y`, `Y`); the loop puts it on the clipboard and clears it.
    public var wantsCopy: String?
    /// Set when the user asked to suspend to the shell (Ctrl-Z); the loop does it and clears it.
    public var wantsSuspend = false
    /// `P`, `E`: JSON to show in the user's pager or editor (the loop runs it).
    public var wantsExternalView: ExternalViewer.Request?
    /// Whether clicks and the wheel are read (F2 switches; the loop applies it to the screen).
    public internal(set) var mouse = true
    /// The keys in effect (the key table with the config file's `[keys]`).
    public var keyMap = KeyMap.standard
    /// Where an export goes when the name typed has no folder (`export_dir`).
    public var exportFolder: String?

    public init() {}

    /// The bindings of `contexts` the help overlay lists: all, or those the help's filter
    /// matches (in the action's words, English or the language's, or in a key's name).
    func helpBindings(_ contexts: Set<KeyContext>, labels: Labels) -> [KeyBinding] {
        let bindings = keyMap.bindings.filter { contexts.contains($0.context) }
        guard let f = helpFilter else { return bindings }
        return bindings.filter { b in
            FilterText.contains(labels[b.labelKey], f) || FilterText.contains(b.help, f) || b.keys.contains { FilterText.contains($0.label, f) }
        }
    }

    /// An action that failed: its error on the status line, escaped.
    mutating func say(_ error: any Error, labels: Labels) {
        status = labels["error"] + ": " + SafeText.escape(String(describing: error))
    }

    /// Asks the loop to put `text` on the clipboard; the status says what, and its size.
    mutating func copy(_ text: String, what: String, labels: Labels) {
        wantsCopy = text
        status = text.utf8.count == 1 ? labels.fill("copiedOne", what) : labels.fill("copied", what, GroupedNumber.text(text.utf8.count))
    }

    /// Asks the loop to show `json`, laid out, in the user's pager or a read-only copy in their
    /// editor, as a file named `fileName`.
    mutating func show(json: String, in kind: ExternalViewer.Kind, fileName: String) {
        wantsExternalView = ExternalViewer.Request(kind: kind, text: JSONIndent.pretty(json), fileName: fileName)
    }

    /// The file the export prompt `p` names (in the export folder when it names none), or nil
    /// when it cannot be written: the prompt opens again, saying why.
    mutating func exportPath(_ p: BrowserModel.Prompt, labels: Labels) -> String? {
        let path = ExportPath.resolve(p.text, placeholder: p.placeholder, folder: exportFolder)
        guard let why = ExportPath.problem(path, labels: labels) else { return path }
        prompt = BrowserModel.Prompt(kind: .export, text: p.text, error: why, placeholder: p.placeholder)
        return nil
    }

    /// The settings of the command line and the config file that reach the browser.
    mutating func take(_ options: BrowserOptions) {
        keyMap = options.keyMap
        mouse = options.mouse
        exportFolder = options.exportFolder
    }
}
