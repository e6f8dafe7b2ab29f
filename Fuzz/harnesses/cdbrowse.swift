// libFuzzer harness: the Core Data browser on a real store (SampleModel2_V2: sub-entities in one
// table, filled Transformables, a to-one, a to-many, persistent history) whose cells the bytes
// rewrite first (blobs of any bytes, text with control characters, numbers at the edges, pks
// and Z_ENTs that point nowhere), then browsed with keys the bytes choose, each frame drawn at
// 80x24 or 120x40. Passes when nothing traps and no control character reaches the screen.
import Foundation

private let folder = NSTemporaryDirectory() + "battlelog-fuzz-cd-\(getpid())"
private let fixture = "Tests/CoreDataKitTests/Fixtures/SampleModel2_V2.sqlite"
private let tables = ["ZBOOK", "ZPAGE", "ZWRITER", "ZFEEDBACK", "Z_PRIMARYKEY"]

public func fuzzCoreDataBrowser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/store.sqlite"
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    guard (try? FileManager.default.copyItem(atPath: fixture, toPath: path)) != nil else { return 0 }
    var i = 0
    func next() -> UInt8 { defer { i += 1 }; return i < size ? data[i] : 0 }
    // Up to eight cells rewritten: which table, column and row, and what value.
    do {
        let db = try Database(path: path, mode: .readWrite)
        for _ in 0..<Int(next() % 9) {
            let table = tables[Int(next()) % tables.count]
            let columns = try db.prepare("SELECT name FROM pragma_table_info(?)").map([table]) { $0.string(0) ?? "" }
            guard !columns.isEmpty else { continue }
            let column = columns[Int(next()) % columns.count]
            let row = Int64(next() % 12)
            let length = Int(next() % 48)
            var bytes: [UInt8] = []
            for _ in 0..<length { bytes.append(next()) }
            let value: SQLiteValue = switch next() % 5 {
            case 0: .blob(bytes)
            case 1: .text(String(decoding: bytes, as: UTF8.self))
            case 2: .integer(bytes.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) })
            case 3: .real(Double(bitPattern: bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
            default: .null
            }
            let quoted = "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            try? db.execute("UPDATE \(table) SET \(quoted) = ? WHERE \(table == "Z_PRIMARYKEY" ? "Z_ENT" : "Z_PK") = ?", [value, .integer(row)])
        }
    } catch { return 0 }
    guard let store = try? CoreDataStore(path: path) else { return 0 }
    let wide = next() % 2 == 0
    let grid = CellGrid(rows: wide ? 40 : 24, columns: wide ? 120 : 80)
    let model = StoreBrowserModel(store: store, labels: .load(next() % 2 == 0 ? "en" : "zh"), storePath: path, rows: grid.rows, columns: grid.columns)
    let keys: [Key] = [.down, .up, .tab, .backTab, .enter, .character(" "), .backspace, .escape, .pageDown, .pageUp, .home, .end,
                       .character("i"), .character("m"), .character("/"), .character("f"), .character(":"), .character("y"),
                       .character("Y"), .character("z"), .character("?"), .character("n"), .left, .right]
    while i < size {
        let b = next()
        // Keys mostly; a typed character now and then (for the prompts), from the next byte.
        let key: Key = b < 200 ? keys[Int(b) % keys.count] : .character(Character(Unicode.Scalar(next()) ))
        model.handle(key)
        model.tick()
        StoreBrowserView.render(model, on: grid)
        for cell in grid.cells { require(isShowable(cell.text), "a control character on the Core Data browser's screen") }
    }
    model.stopBackgroundWork()
    return 0
}
