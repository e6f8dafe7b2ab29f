import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import Foundation

/// A simulation running on its own thread and its own connection, so the interface stays
/// responsive; its commits reach the browser through live refresh.
final class BackgroundSimulation: Sendable {
    private struct State {
        var progress: SimulationProgress?
        var running = false
        var stop = false
        var summary: String?
    }

    private let path: String
    private let fights: Int
    private let labels: Labels
    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)

    init(path: String, fights: Int, labels: Labels) {
        self.path = path
        self.fights = fights
        self.labels = labels
    }

    var isRunning: Bool { state.withLock { $0.running } }
    var progress: SimulationProgress? { state.withLock { $0.progress } }
    var summary: String? { state.withLock { $0.summary } }

    func start() {
        state.withLock { $0.running = true }
        let thread = Thread { [self] in
            let seed = UInt64.random(in: 0...UInt64.max)
            var text: String
            do {
                let store = try BattleStore(path: path)
                let saved = try SimulationRun(fights: fights, seed: seed, batchSize: 500).run(
                    on: store,
                    shouldStop: { self.state.withLock { $0.stop } },
                    progress: { p in self.state.withLock { $0.progress = p } })
                text = labels.counted("simulatedSummary", count: fights, GroupedNumber.text(saved), GroupedNumber.text(fights), String(seed))
            } catch {
                text = labels.fill("simulationFailed", String(describing: error))
            }
            state.withLock { $0.summary = text; $0.running = false }
            done.signal()
        }
        thread.start()
    }

    func stop() { state.withLock { $0.stop = true } }

    func wait() {
        if isRunning { done.wait() }
    }
}
