// swift-tools-version: 6.0
import PackageDescription

/// Swatchbook depends on the Swift toolchain and Debian C libraries only.
/// Dependencies point inward: Render, Session and Import see Core; Lua sees
/// Session, Import and Core; Terminal sees Session and Render, never Lua; the
/// executable sees everything. Lua is reached only through the Lua module;
/// Render measures text with utf8proc; Import reads YAML with libyaml and swaps
/// folders with Linux's renameat2; the executable tunes glibc's allocator.
let package = Package(
    name: "Swatchbook",
    products: [
        .executable(name: "swatchbook", targets: ["swatchbook"]),
        // For the fuzz targets in Fuzz/, a package of their own so that
        // their sanitizer flags never reach this one's builds.
        .library(
            name: "SwatchbookModules",
            targets: [
                "SwatchbookCore", "SwatchbookRender", "SwatchbookSession", "SwatchbookImport",
                "SwatchbookLua",
                "SwatchbookTerminal",
                "SwatchbookCLI",
            ]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // Not through pkg-config: libutf8proc.pc adds -DUTF8PROC_EXPORTS (a
        // Windows DLL flag), which SwiftPM warns of on every build. The
        // header is in /usr/include and the module map links the library.
        .systemLibrary(name: "CUTF8Proc"),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CFileSystem"),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "SwatchbookCore", dependencies: ["CUTF8Proc"]),
        .target(name: "SwatchbookRender", dependencies: ["SwatchbookCore", "CUTF8Proc"]),
        .target(name: "SwatchbookSession", dependencies: ["SwatchbookCore"]),
        .target(name: "SwatchbookImport", dependencies: ["SwatchbookCore", "CYAML", "CFileSystem"]),
        .target(
            name: "SwatchbookLua",
            dependencies: ["SwatchbookCore", "SwatchbookSession", "SwatchbookImport", "CLuaShim", "CLua"]
        ),
        .target(
            name: "SwatchbookTerminal",
            dependencies: ["SwatchbookCore", "SwatchbookRender", "SwatchbookSession"]
        ),
        .target(
            name: "SwatchbookCLI",
            dependencies: [
                "SwatchbookCore", "SwatchbookRender", "SwatchbookSession", "SwatchbookImport",
                "SwatchbookLua",
                "SwatchbookTerminal",
            ],
            resources: [
                .embedInCode("BundledScripts"), .embedInCode("BundledThemes"), .embedInCode("BundledReaders"),
            ]
        ),
        .executableTarget(name: "swatchbook", dependencies: ["SwatchbookCLI", "CMalloc"]),
        .executableTarget(
            name: "swatchbook-bench",
            dependencies: [
                "SwatchbookCore", "SwatchbookRender", "SwatchbookSession", "SwatchbookLua",
                "SwatchbookTerminal",
            ]
        ),
        .target(
            name: "SwatchbookTestSupport", dependencies: ["SwatchbookRender", "SwatchbookSession"],
            path: "Tests/Support"
        ),
        .testTarget(name: "SwatchbookCoreTests", dependencies: ["SwatchbookCore"]),
        .testTarget(
            name: "SwatchbookRenderTests",
            dependencies: ["SwatchbookRender", "SwatchbookTestSupport"]
        ),
        .testTarget(
            name: "SwatchbookSessionTests", dependencies: ["SwatchbookSession", "SwatchbookTestSupport"]),
        .testTarget(
            name: "SwatchbookLuaTests",
            dependencies: ["SwatchbookLua", "SwatchbookTestSupport"]
        ),
        .testTarget(
            name: "SwatchbookImportTests",
            dependencies: ["SwatchbookImport", "SwatchbookLua", "SwatchbookTestSupport"]
        ),
        .testTarget(
            name: "SwatchbookTerminalTests",
            dependencies: ["SwatchbookTerminal", "SwatchbookTestSupport"]
        ),
        .testTarget(
            name: "SwatchbookCLITests",
            dependencies: ["SwatchbookCLI", "SwatchbookTestSupport"],
            exclude: ["__Goldens__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
