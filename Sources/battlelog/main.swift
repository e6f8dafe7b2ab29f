import BattleLogCLI
import Foundation

exit(BattlelogCLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
