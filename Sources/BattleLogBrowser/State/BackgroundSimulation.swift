import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import Foundation

/// A simulation running on its own thread and its own connection (a `BackgroundJob`), so the
/// interface stays responsive; its commits reach the browser through live refresh.
final class BackgroundSimulation: Sendable {
    private let job: BackgroundJob
    private let latest = Locked<SimulationProgress?>(nil)

    init(path: String, fights: Int, labels: Labels) {
        let latest = self.latest
        job = BackgroundJob(name: "battlelog simulate") { shouldStop in
            let seed = UInt64.random(in: 0...UInt64.max)
            do {
                let store = try BattleStore(path: path)
                let saved = try SimulationRun(fights: fights, seed: seed, batchSize: 500).run(
                    on: store, shouldStop: shouldStop, progress: { p in latest.withLock { $0 = p } })
                return labels.counted("simulatedSummary", count: fights, GroupedNumber.text(saved), GroupedNumber.text(fights), String(seed))
            } catch {
                return labels.fill("simulationFailed", String(describing: error))
            }
        }
    }

    var isRunning: Bool { job.isRunning }
    var progress: SimulationProgress? { latest.withLock { $0 } }
    var summary: String? { job.summary }

    func start() { job.start() }
    func stop() { job.stop() }
    func wait() { job.wait() }
}
