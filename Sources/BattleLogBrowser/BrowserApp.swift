import BattleLogKit
import BattleLogPresentation
import Foundation

/// What the command line tells the browser.
public struct BrowserOptions: Sendable {
    public var language: String
    public var color: Bool
    public var databasePath: String
    public var createdDemo: Bool
    /// Where the filter history is kept (nil: in memory only).
    public var historyPath: String?
    /// The colours by role (`color` false: mono whatever this says).
    public var theme = Theme.dark
    /// Whether clicks and the wheel are read (else the terminal keeps its own selection).
    public var mouse = true
    /// How often live refresh looks for commits, in seconds.
    public var refreshInterval = 0.4
    /// The keys in effect.
    public var keyMap = KeyMap.standard
    /// What the status bar says first (a config file's refused lines).
    public var notice: String?
    /// `[clipboard] command`: copy through it instead of OSC 52.
    public var clipboardCommand: [String]?
    /// Where an export goes when the name typed has no folder (nil: the current folder).
    public var exportFolder: String?
    /// The speed a replay starts at, as a power of two (0: 1x, 1: 2x, -1: 1/2x).
    public var replaySpeedExponent = 0
    /// The function-key bar at the bottom.
    public var keyBar = false
    /// Where the saved views are kept (nil: in memory only).
    public var viewsPath: String?

    public init(language: String, color: Bool, databasePath: String, createdDemo: Bool, historyPath: String? = nil) {
        self.language = language
        self.color = color
        self.databasePath = databasePath
        self.createdDemo = createdDemo
        self.historyPath = historyPath
    }
}

/// Why the browser cannot drive this terminal.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// What the event loop drives: the battle log's browser, or the Core Data store browser. Both
/// take the same keys from the same screen, and ask the loop for the same services.
protocol BrowserSession: AnyObject {
    /// What the loop reads and clears: quit, the mouse, copy, suspend, the pager, a full redraw.
    var chrome: BrowserChrome { get set }
    /// The language what the loop says is put in.
    var labels: Labels { get }
    /// How long to wait for a key before `tick` (milliseconds).
    var eventTimeout: Int32 { get }
    func handle(_ key: Key)
    func resize(rows: Int, columns: Int)
    /// Time passed (a key or none): background work reports, a replay advances.
    func tick()
    /// Puts a message in the status bar (what the loop has to say: a failed copy).
    func say(_ message: String)
    /// Stops the background work; what the user must be told once the terminal is theirs.
    @discardableResult func stopBackgroundWork() -> String?
    func render(on screen: Screen)
}

extension BrowserSession {
    func say(_ message: String) { chrome.status = message }
}

extension BrowserModel: BrowserSession {
    func tick() { tick(now: Date()) }
    func render(on screen: Screen) { BrowserView.render(self, on: screen) }
}

/// The interactive browser: the event loop around `BrowserModel` and `BrowserView`, on any
/// `Screen` (the terminal's, or a test's scripted grid).
public enum BrowserApp {
    /// Checks, before anything is written, that terminfo can drive `term` full-screen.
    public static func checkTerminal(_ term: String?) throws(TerminalError) {
        try CursesScreen.checkTerminal(term)
    }

    /// How the browser ended.
    public struct Exit: Sendable {
        /// The signal that ended it, or nil when the user quit.
        public var signal: Int32?
        /// What to tell the user on stderr once the terminal is restored (work that quitting
        /// stopped, and what it had saved).
        public var farewell: String?
    }

    /// Runs until the user quits. The terminal is restored on q, Ctrl-C, SIGINT, SIGTERM,
    /// SIGHUP and thrown errors.
    @discardableResult
    public static func run(store: BattleStore, options: BrowserOptions) throws -> Exit {
        try run(options) { labels, rows, columns in
            let model = try BrowserModel(store: store, labels: labels, databasePath: options.databasePath, rows: rows, columns: columns,
                                         status: options.notice ?? (options.createdDemo ? labels["demoCreated"] : (store.isReadOnly ? labels["readOnly"] : nil)),
                                         history: FilterHistory(path: options.historyPath))
            model.liveRefresh.interval = options.refreshInterval
            model.replaySpeedExponent = options.replaySpeedExponent
            model.showsKeyBar = options.keyBar
            model.views.saved = SavedViews(path: options.viewsPath)
            return model
        }
    }

    /// Runs the browser `make` gives on the terminal, in the options' language, colours, mouse
    /// and clipboard, until the user quits; the terminal is restored however it ends.
    static func run<Session: BrowserSession>(_ options: BrowserOptions, _ make: (Labels, _ rows: Int, _ columns: Int) throws -> Session) rethrows -> Exit {
        let labels = Labels.load(options.language)
        let screen = CursesScreen(theme: options.color ? options.theme : .mono, mouse: options.mouse)
        defer { screen.shutdown() }
        let model = try make(labels, screen.rows, screen.columns)
        model.chrome.take(options)
        return run(model, on: screen, clipboard: options.clipboardCommand)
    }

    /// The most keys handled without a frame while more wait.
    static let keysPerFrame = 64

    /// The event loop: draws, waits for an event (ticking every 250 ms without one, or when a
    /// playing replay must be drawn again), hands it
    /// to the model, until the user quits or a signal asks to stop; then stops the background
    /// work and says what the user must be told.
    static func run(_ model: some BrowserSession, on screen: some Screen, clipboard: [String]? = nil) -> Exit {
        var stopped = false
        defer { if !stopped { model.stopBackgroundWork() } }
        model.render(on: screen)
        // Keys that wait (a paste) are handled before the next frame, a frame at least every
        // `keysPerFrame` keys: a frame per key made a paste of 5,200 characters into a prompt
        // take 4–6 s, each frame measuring the whole line.
        var undrawn = 0
        while !model.chrome.shouldQuit && screen.stopSignal == nil {
            guard let key = screen.nextEvent(timeout: model.eventTimeout) else {
                model.tick()
                model.render(on: screen)
                continue
            }
            if key == .resize {
                screen.syncSize()
                model.resize(rows: screen.rows, columns: screen.columns)
            }
            let mouse = model.chrome.mouse
            model.handle(key)
            if model.chrome.mouse != mouse { screen.setMouse(model.chrome.mouse) }
            if let text = model.chrome.wantsCopy {
                if let command = clipboard {
                    if let why = ClipboardCommand.copy(text, with: command) { model.say(why) }
                } else {
                    screen.copyToClipboard(text)
                }
                model.chrome.wantsCopy = nil
            }
            if model.chrome.wantsSuspend {
                screen.suspend()
                model.chrome.wantsSuspend = false
            }
            if let request = model.chrome.wantsExternalView {
                model.chrome.wantsExternalView = nil
                let environment = ProcessInfo.processInfo.environment
                let command = ExternalViewer.command(request.kind, environment: environment)
                let named = ExternalViewer.variable(request.kind, environment: environment)
                var failure: ExternalViewer.Failure?
                screen.runOutside { failure = ExternalViewer.show(request, command: command, named: named) }
                if let failure { model.say(failure.text(model.labels)) }
            }
            if model.chrome.wantsFullRedraw {
                screen.forceRedraw()
                model.chrome.wantsFullRedraw = false
            }
            if screen.hasPendingInput && undrawn < Self.keysPerFrame && !model.chrome.shouldQuit {
                undrawn += 1
                continue
            }
            undrawn = 0
            model.tick()
            model.render(on: screen)
        }
        stopped = true
        let farewell = model.stopBackgroundWork()
        return Exit(signal: screen.stopSignal, farewell: farewell)
    }
}
