import SwatchbookCore

extension LuaStack {
    /// Pushes a path as Lua sees it: a list of 1-based indices.
    func push(_ path: ElementPath) {
        newTable(arrayCount: path.indices.count)
        for (i, index) in path.indices.enumerated() {
            push(index)
            setRawIndex(-2, i + 1)
        }
    }
}
