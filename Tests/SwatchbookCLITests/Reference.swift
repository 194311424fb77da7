import Foundation
import Testing

/// Asks the reference implementations (`Tools/reference.py`, in the
/// virtual environment `Tools/references` sets up) what they make of the
/// same inputs as Swatchbook.
enum Reference {
    static let python = CommandRunner.root.appendingPathComponent("Tools/.venv/bin/python").path

    /// Runs `mode` with `input` as JSON on stdin; returns stdout.
    static func ask(_ mode: String, input: Any? = nil) throws -> [UInt8] {
        let bytes = try input.map { [UInt8](try JSONSerialization.data(withJSONObject: $0)) } ?? []
        return try ask(mode, stdin: bytes)
    }

    /// Runs `mode` with `stdin` as its standard input; returns stdout.
    static func ask(_ mode: String, stdin: [UInt8]) throws -> [UInt8] {
        try Requirement.need(python, from: "the PyPI references: run Tools/references")
        let scratch = ScratchFolder()
        let request = scratch.path("request")
        _ = FileManager.default.createFile(atPath: request, contents: Data(stdin))
        let result = try CommandRunner.runShell("'\(python)' Tools/reference.py \(mode) < '\(request)'")
        guard result.status == 0 else {
            throw Failure(message: "the reference (run Tools/references first): \(result.stderr)")
        }
        return result.stdout
    }

    static func askJSON<T>(_ mode: String, input: Any, as: T.Type) throws -> T {
        let bytes = try ask(mode, input: input)
        guard let answer = try JSONSerialization.jsonObject(with: Data(bytes)) as? T else {
            throw Failure(
                message: "the reference answered \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return answer
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
