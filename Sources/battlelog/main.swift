import BattleLogCLI
import Foundation

// A closed pipe or a file-size limit must come back as a failed write (EPIPE, EFBIG) that the
// command reports, not as a signal that kills it halfway through a line.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
exit(BattlelogCLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
