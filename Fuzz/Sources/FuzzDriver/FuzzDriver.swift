import Foundation

/// libFuzzer's own driver, linked from clang's `fuzzer_no_main` runtime:
/// it parses libFuzzer's options from the command line and calls back
/// once per input.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The test of the running target; a C callback cannot capture it.
nonisolated(unsafe) private var test: ([UInt8]) -> Void = { _ in }

/// Runs libFuzzer over `body`, which must return normally for every input:
/// a crash, a trap or a failed precondition is a finding.
public func fuzz(_ body: @escaping ([UInt8]) -> Void) -> Never {
    test = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        test(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
    exit(status)
}

/// The bytes as text, the way the program reads a file or an argument:
/// invalid UTF-8 repaired.
public func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}
