import Testing

@testable import SwatchbookCore

/// `extends` chains: merged once a theme, however long the chain.
@Suite struct ThemeResolverTests {
    /// Theme `t0` sets `red`; each `tN` extends `tN-1` and sets its own
    /// `cN`, and every tenth one sets `red` again.
    static func chain(_ count: Int) throws -> [String: ThemeSpec] {
        var specs: [String: ThemeSpec] = [:]
        for index in 0..<count {
            var spec = ThemeSpec(id: "t\(index)", file: "t\(index).lua")
            if index > 0 { spec.extends = "t\(index - 1)" }
            spec.palette["c\(index)"] = .set(.literal(Color(rgb: UInt32(index))))
            if index % 10 == 0 { spec.palette["red"] = .set(.literal(Color(rgb: 0xFF0000 + UInt32(index)))) }
            specs[spec.id] = spec
        }
        return specs
    }

    /// 10,000 themes in one chain, each resolved: the first walks the chain,
    /// the rest reuse their parent's merge (it took minutes before). The
    /// limit is generous, as a test waits its turn behind every other one
    /// on two cores: it stops a hang, or a walk of the chain for each theme.
    @Test(.timeLimit(.minutes(10))) func aLongChainResolvesInLinearTime() throws {
        let count = 10_000
        let resolver = ThemeResolver(specs: try Self.chain(count))
        for index in stride(from: count - 1, through: 0, by: -1) {
            let merged = try resolver.merged("t\(index)").spec
            #expect(merged.palette.count == index + 2, "every cN up the chain, and red")
            if index % 997 == 0 {
                #expect(
                    merged.palette["red"]?.value == .literal(Color(rgb: 0xFF0000 + UInt32(index / 10 * 10))))
            }
        }
        _ = try resolver.resolve("t\(count - 1)")
    }

    @Test func mergingInAnyOrderGivesTheSameThemes() throws {
        let specs = try Self.chain(30)
        let upward = ThemeResolver(specs: specs)
        let downward = ThemeResolver(specs: specs)
        for index in 0..<30 { _ = try upward.merged("t\(index)") }
        for index in (0..<30).reversed() {
            #expect(try upward.merged("t\(index)").spec == downward.merged("t\(index)").spec)
            #expect(try upward.merged("t\(index)").roleFiles == downward.merged("t\(index)").roleFiles)
        }
    }

    @Test func aCycleAndAMissingParentAreErrors() throws {
        var specs = try Self.chain(3)
        specs["t0"]?.extends = "t2"
        #expect(throws: Diagnostic.self) { try ThemeResolver(specs: specs).merged("t2") }
        do {
            _ = try ThemeResolver(specs: specs).merged("t1")
        } catch {
            #expect(error.formatted == "t1.lua: extends: inheritance cycle: t1 → t0 → t2 → t1")
        }
        specs["t0"]?.extends = "t9"
        do {
            _ = try ThemeResolver(specs: specs).merged("t2")
            Issue.record("a missing parent resolved")
        } catch {
            #expect(error.formatted.hasPrefix("t0.lua: extends: theme \"t9\" is not installed"))
        }
    }

    /// Changing the specs forgets what was merged from the old ones.
    @Test func changedSpecsAreMergedAfresh() throws {
        var resolver = ThemeResolver(specs: try Self.chain(3))
        _ = try resolver.merged("t2")
        resolver.specs["t0"]?.palette["red"] = .set(.literal(Color(rgb: 0x123456)))
        #expect(try resolver.merged("t2").spec.palette["red"]?.value == .literal(Color(rgb: 0x123456)))
    }
}
