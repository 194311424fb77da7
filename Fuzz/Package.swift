// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets, one per parser of outside input. Build and run them
/// with `Tools/fuzz`, which passes the sanitizer and coverage flags; the
/// seed corpora are real files, in `Corpus/<target>/`.
let modules: [Target.Dependency] = [
    "FuzzDriver", .product(name: "SwatchbookModules", package: "main"),
]

let package = Package(
    name: "SwatchbookFuzz",
    dependencies: [.package(name: "main", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-color", dependencies: modules),
        .executableTarget(name: "fuzz-json", dependencies: modules),
        .executableTarget(name: "fuzz-base16", dependencies: modules),
        .executableTarget(name: "fuzz-keys", dependencies: modules),
        .executableTarget(name: "fuzz-state", dependencies: modules),
        .executableTarget(name: "fuzz-input", dependencies: modules),
        .executableTarget(name: "fuzz-plugin", dependencies: modules),
        .executableTarget(name: "fuzz-filter", dependencies: modules),
        .executableTarget(name: "fuzz-reader", dependencies: modules),
        .executableTarget(name: "fuzz-terminal-config", dependencies: modules),
    ],
    swiftLanguageModes: [.v6]
)
