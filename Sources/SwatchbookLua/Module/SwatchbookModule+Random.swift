import SwatchbookCore

extension SwatchbookModule {
    static let randomMetatableName = "swatchbook.random"

    /// `sb.random(seed)` and the generator userdata: `:int(a, b)` (or
    /// `:int(n)` for 1..n, both ends included), `:float()` in [0, 1),
    /// `:color()` (opaque), and `tostring` as `random(seed)`.
    static func installRandomFunctions(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        let stack = runtime.stack
        runtime.stack.newMetatable(randomMetatableName)
        stack.newTable()
        randomMethod(
            "int", in: runtime,
            doc: LuaDoc("(a, b)", ["@param a integer", "@param b integer", "@return integer"])
        ) { generator, stack throws(LuaHostError) in
            let first = try bound(2, on: stack)
            let range =
                stack.type(at: 3) == .none || stack.type(at: 3) == .nil
                ? (1, first) : (first, try bound(3, on: stack))
            guard range.0 <= range.1 else {
                throw LuaHostError("random:int: the range \(range.0)..\(range.1) is empty")
            }
            stack.push(generator.pointee.int(in: range.0...range.1))
            return 1
        }
        randomMethod("float", in: runtime, doc: LuaDoc("()", ["@return number"])) {
            generator, stack throws(LuaHostError) in
            stack.push(generator.pointee.unit())
            return 1
        }
        randomMethod("color", in: runtime, doc: LuaDoc("()", ["@return swatchbook.Color"])) {
            generator, stack throws(LuaHostError) in
            let bits = generator.pointee.next()
            let color = Color(
                red: UInt8(truncatingIfNeeded: bits >> 56), green: UInt8(truncatingIfNeeded: bits >> 48),
                blue: UInt8(truncatingIfNeeded: bits >> 40), alpha: 255)
            return push(color, on: stack)
        }
        stack.setRawField(-2, "__index")
        randomMethod("__tostring", in: runtime) { generator, stack throws(LuaHostError) in
            stack.push("random(\(generator.pointee.seed))")
            return 1
        }
        stack.push(randomMetatableName)
        stack.setRawField(-2, "__name")
        stack.pop()

        function(
            "random", in: runtime,
            doc: LuaDoc(
                "(seed)", ["A seeded generator.", "@param seed integer", "@return swatchbook.Random"])
        ) { stack throws(LuaHostError) in
            guard stack.type(at: 1) == .number, let seed = stack.integer(at: 1) else {
                throw LuaHostError("sb.random: the seed is \(stack.describe(at: 1)), expected an integer")
            }
            let raw = stack.newUserdata(
                size: MemoryLayout<RandomGenerator>.size, metatable: randomMetatableName)
            raw.bindMemory(to: RandomGenerator.self, capacity: 1).initialize(to: RandomGenerator(seed: seed))
            return 1
        }
    }

    /// A method whose first argument must be a generator, which it may
    /// advance in place.
    private static func randomMethod(
        _ name: String, in runtime: LuaRuntime, doc: @autoclosure () -> LuaDoc? = nil,
        _ body: @escaping (UnsafeMutablePointer<RandomGenerator>, LuaStack) throws(LuaHostError) -> Int32
    ) {
        if runtime.documentation != nil, let doc = doc() {
            document(name, in: runtime, scope: .random, doc: doc)
        }
        runtime.pushFunction { stack throws(LuaHostError) in
            guard let raw = stack.userdata(at: 1, metatable: randomMetatableName) else {
                throw LuaHostError("random:\(name): call it as generator:\(name)(...)")
            }
            return try body(raw.assumingMemoryBound(to: RandomGenerator.self), stack)
        }
        runtime.stack.setRawField(-2, name)
    }

    /// Argument `index` of a method as a whole number; it counts from
    /// after the generator in messages, as the script wrote the call.
    private static func bound(_ index: Int32, on stack: LuaStack) throws(LuaHostError) -> Int {
        guard stack.type(at: index) == .number, let value = stack.integer(at: index) else {
            throw LuaHostError(
                "random:int: argument \(index - 1) is \(stack.describe(at: index)), expected an integer")
        }
        return value
    }
}
