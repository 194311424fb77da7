import SwatchbookLua

extension PluginContext {
    /// Generous budgets: the benchmark measures the work, not the sandbox's limits.
    static func bench(width: Int, height: Int? = nil) -> PluginContext {
        var context = PluginContext()
        context.width = width
        context.height = height
        context.limits = ScriptLimits(timeout: 3600, memoryMiB: 65_536)
        return context
    }
}

extension Duration {
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    var nanoseconds: Double { milliseconds * 1e6 }
}

extension Array where Element == Duration {
    /// The middle value; the mean of the middle two for an even count.
    var median: Duration {
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
