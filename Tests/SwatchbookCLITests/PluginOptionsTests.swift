import Foundation
import Testing

/// A plugin's `options` are its defaults: `ctx.options` holds them, and
/// `--set` changes them, each value taking its default's type.
@Suite("plugin options")
struct PluginOptionsTests {
    static let plugin = """
        return { name = "Options", api = 1,
          options = { count = 3, ratio = 0.5, dark = false, title = "Swatches" },
          data = function(ctx)
            local o = ctx.options
            local line = string.format("%s %s %s %s | %s %s %s %s | %s",
              math.type(o.count) or type(o.count), type(o.ratio), type(o.dark), type(o.title),
              tostring(o.count), tostring(o.ratio), tostring(o.dark), o.title, tostring(o.extra))
            return { { name = line, rows = {} } }
          end }
        """

    func render(_ arguments: [String]) throws -> CommandRunner.Result {
        let scratch = ScratchFolder()
        scratch.write("options.lua", Self.plugin)
        return try CommandRunner.run(
            ["render", "options.lua", "--format", "plain"] + arguments, in: scratch.url)
    }

    @Test func defaultsReachCtxOptions() throws {
        let result = try render([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.hasPrefix(" integer number boolean string | 3 0.5 false Swatches | nil"))
        #expect(result.stderr.isEmpty)
    }

    @Test func setTakesTheTypeOfItsDefault() throws {
        let result = try render([
            "--set", "count=12", "--set", "ratio=0.25", "--set", "dark=true", "--set", "title=42",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.hasPrefix(" integer number boolean string | 12 0.25 true 42 | nil"))
    }

    @Test(arguments: [
        ("count=lots", "--set count=lots: the plugin's option count takes a number (its default is 3)"),
        (
            "dark=maybe",
            "--set dark=maybe: the plugin's option dark takes true or false (its default is false)"
        ),
        ("ratio=inf", "--set ratio=inf: the plugin's option ratio takes a number (its default is 0.5)"),
    ])
    func aValueOfTheWrongTypeIsAUsageError(_ pair: String, _ message: String) throws {
        let result = try render(["--set", pair])
        #expect(result.status == 64)
        #expect(result.stderr == "options.lua: \(message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func anUndeclaredKeyIsAWarningWithASuggestion() throws {
        let result = try render(["--set", "cuont=5", "--set", "extra=yes"])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "options.lua: warning: --set cuont: the plugin has no option \"cuont\" (did you mean \"count\"?)"
            ))
        #expect(
            result.stderr.contains("options.lua: warning: --set extra: the plugin has no option \"extra\""))
        // Passed on all the same, as text.
        #expect(result.text.contains("| yes"))
    }

    @Test func aPluginWithoutOptionsTakesAnyKeyAsText() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "free.lua",
            """
            return { name = "Free", api = 1, data = function(ctx)
              return { { name = type(ctx.options.n) .. " " .. ctx.options.n, rows = {} } } end }
            """)
        let result = try CommandRunner.run(
            ["render", "free.lua", "--format", "plain", "--set", "n=5"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.text.hasPrefix(" string 5"))
    }

    @Test(arguments: [
        ("options = 5", "options.lua: options: expected a table of option defaults (name = default), got 5"),
        (
            "options = { size = {} }",
            "options.lua: options.size: expected a default that is a string, a number or a boolean, got a table"
        ),
    ])
    func badOptionsAreReported(_ declaration: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("options.lua", "return { name = 'x', api = 1, \(declaration), data = {} }")
        let result = try CommandRunner.run(["check", "options.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }
}
