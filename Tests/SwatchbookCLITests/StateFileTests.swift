import Foundation
import Testing

/// `--state FILE` is written back only when the state changed, keeps what
/// a newer version wrote, and refuses a file no state is near the size of.
@Suite struct StateFileTests {
    /// The file's inode and bytes: an atomic write gives a new inode.
    static func identity(_ path: String) throws -> (inode: UInt64, bytes: Data) {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return (UInt64(status.st_ino), try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func render(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(["render", "--format", "plain"] + arguments)
    }

    @Test func anUnchangedStateIsNotWritten() throws {
        let scratch = ScratchFolder()
        let state = scratch.path("state.json")
        #expect(try Self.render(["--keys", "jl<Enter>", "--state", state]).status == 0)
        let first = try Self.identity(state)
        // Read, nothing changed: the file is not touched.
        #expect(try Self.render(["--state", state]).status == 0)
        let second = try Self.identity(state)
        #expect(second.inode == first.inode && second.bytes == first.bytes)
        // A file in another layout (an older version's, unsorted, compact)
        // that holds the same state is left as it is too.
        let object = try #require(try JSONSerialization.jsonObject(with: first.bytes) as? [String: Any])
        let compact = try JSONSerialization.data(withJSONObject: object)
        try compact.write(to: URL(fileURLWithPath: state))
        let before = try Self.identity(state)
        #expect(try Self.render(["--state", state]).status == 0)
        let after = try Self.identity(state)
        #expect(after.inode == before.inode && after.bytes == compact)
        // A key that moves the focus is a change: written.
        #expect(try Self.render(["--keys", "l", "--state", state]).status == 0)
        #expect(try Self.identity(state).inode != before.inode)
    }

    @Test func fieldsThisVersionDoesNotKnowAreKept() throws {
        let scratch = ScratchFolder()
        let state = scratch.write(
            "state.json",
            #"{"focusPath": "1.1.1", "zoom": {"level": 3, "pinned": ["a", "b"]}, "theme2": "dusk", "ratio": 0.5}"#
        )
        #expect(try Self.render(["--keys", "l", "--state", state]).status == 0)
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state)))
                as? [String: Any])
        #expect(saved["focusPath"] as? String == "1.1.2", "the change is written")
        let zoom = try #require(saved["zoom"] as? [String: Any])
        #expect(zoom["level"] as? Int == 3 && zoom["pinned"] as? [String] == ["a", "b"])
        #expect(saved["theme2"] as? String == "dusk" && saved["ratio"] as? Double == 0.5)
    }

    /// `--expand all` opens every node by one flag of the view state; the
    /// file still names each open node, as it did when every key was held.
    @Test func expandAllIsSavedAsEveryOpenNode() throws {
        let scratch = ScratchFolder()
        let state = scratch.path("state.json")
        let result = try Self.render(["Scripts/categories.lua", "--expand", "all", "--state", state])
        #expect(result.status == 0)
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state)))
                as? [String: Any])
        #expect(
            saved["expanded"] as? [String] == [
                "#1", "#10", "#13", "#14", "#15", "#2", "#20", "#23", "#3", "#7",
            ])
        // Read back, the same nodes are open and nothing changed: not written again.
        let before = try Self.identity(state)
        let again = try Self.render(["Scripts/categories.lua", "--state", state])
        #expect(again.stdout == result.stdout)
        #expect(try Self.identity(state).inode == before.inode)
    }

    /// A 100 MB state took 8 s and 675 MB and was written back larger.
    @Test func aStatePastSixteenMiBIsRefusedUnread() throws {
        let scratch = ScratchFolder()
        let state = scratch.path("state.json")
        let handle = try #require(
            FileHandle(forWritingAtPath: scratch.write("state.json", "{\"filter\": \"")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "a"), count: 17 * 1024 * 1024))
        try handle.write(contentsOf: Data("\"}".utf8))
        try handle.close()
        let before = try Self.identity(state)
        let result = try Self.render(["--state", state])
        #expect(result.status == 65)
        #expect(result.stderr == "\(state): is \(before.bytes.count) bytes; a state file is at most 16 MiB\n")
        let after = try Self.identity(state)
        #expect(after.inode == before.inode && after.bytes == before.bytes, "left as it was")
    }
}
