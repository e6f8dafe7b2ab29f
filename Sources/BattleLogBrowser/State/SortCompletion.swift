/// Completion of a sort prompt's text (`power:desc`), over the names a list sorts by: the
/// record browser's fields or a Core Data entity's.
enum SortCompletion {
    /// Tab in a sort prompt: the field names that begin with what is typed (the common part
    /// of several, listed above the prompt); on a whole name, its directions (`power:`, then
    /// `power:asc` and `power:desc` listed); after a `:`, the direction that begins so.
    static func complete(_ p: inout BrowserModel.Prompt, names: [String]) {
        let typed = p.text.lowercased()
        if let colon = p.text.firstIndex(of: ":") {
            let field = String(p.text[..<colon])
            let options = ["asc", "desc"].map { field + ":" + $0 }.filter { $0.lowercased().hasPrefix(typed) }
            if options.count == 1 { p.line = InputLine(options[0]); p.candidates = [] } else { p.candidates = options }
            return
        }
        let matches = names.filter { $0.lowercased().hasPrefix(typed) }
        guard let first = matches.first else { return }
        if let whole = matches.first(where: { $0.lowercased() == typed }), matches.count == 1 || p.line.text == whole {
            p.line = InputLine(whole + ":")
            p.candidates = [whole + ":asc", whole + ":desc"]
            return
        }
        if matches.count == 1 { p.line = InputLine(first); p.candidates = []; return }
        var common = first
        for m in matches.dropFirst() { while !m.lowercased().hasPrefix(common.lowercased()) { common.removeLast() } }
        if common.count > p.text.count { p.line = InputLine(common) }
        p.candidates = matches
    }
}
