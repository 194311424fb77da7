import SwatchbookCore
import SwatchbookSession

/// A script with no language behind it: it records every callback it is
/// asked and answers as told, so the session can be tested on its own.
public final class FakeScript: SessionScript {
    public let file = "fake.lua"
    public let name = "Fake"
    public let source: any CatalogueSource
    /// What each callback answers; a callback not listed is one the script lacks.
    public var answers: [ScriptCallback: ScriptAnswer]
    /// Runs inside every callback, as a script's own `sb.*` calls would.
    public var during: ((ScriptCallback, ScriptEvent, Session) -> Void)?
    /// "on_tap item 1.1.1 Salmon", one line a callback.
    public private(set) var log: [String] = []
    public private(set) var events: [ScriptEvent] = []
    public private(set) var loads: [Screen] = []
    public private(set) var reloads = 0
    public var statusText: String?
    /// What `status` fails with, when it should.
    public var statusFailure: Diagnostic?
    /// How many times the status was asked.
    public private(set) var statusAsks = 0
    public private(set) weak var session: Session?

    public init(
        _ source: any CatalogueSource = FakeScript.catalogue, answers: [ScriptCallback: ScriptAnswer] = [:]
    ) {
        self.source = source
        self.answers = answers
    }

    /// Answers every callback with nothing: each is logged, none changes a tap.
    public static func listening(_ source: any CatalogueSource = FakeScript.catalogue) -> FakeScript {
        FakeScript(
            source, answers: Dictionary(uniqueKeysWithValues: ScriptCallback.allCases.map { ($0, .nothing) }))
    }

    public func attach(to session: Session) { self.session = session }

    public func answers(_ callback: ScriptCallback) -> Bool { answers[callback] != nil }

    public func call(_ callback: ScriptCallback, with event: ScriptEvent) throws(Diagnostic) -> ScriptAnswer {
        let element = event.element
        let what =
            element.item?.name ?? element.node?.name ?? element.field?.key ?? element.row?.name
            ?? element.section.name
        log.append("\(callback.rawValue) \(element.kind.rawValue) \(element.path) \(what)")
        events.append(event)
        if let session { during?(callback, event, session) }
        return answers[callback] ?? .nothing
    }

    public func load(on screen: Screen) throws(Diagnostic) { loads.append(screen) }

    public func status(on screen: Screen) throws(Diagnostic) -> String? {
        statusAsks += 1
        if let statusFailure { throw statusFailure }
        return statusText
    }

    public func reload() { reloads += 1 }

    /// Two sections: a strip of three items and a key/value row; a tree
    /// whose Gold starts selected.
    public static let catalogue = Catalogue(sections: [
        Section(
            name: "Reds",
            rows: [
                Row(
                    name: "Light",
                    content: .items([
                        Item(name: "Salmon", color: Color(rgb: 0xFA8072)),
                        Item(name: "Pink", color: Color(rgb: 0xFFC0CB)),
                        Item(name: "Coral", color: Color(rgb: 0xFF7F50)),
                    ])),
                Row(
                    name: "Facts",
                    content: .fields([Field(key: "Hue", value: "0"), Field(key: "Warmth", value: "high")])),
            ]),
        Section(
            name: "Tree",
            rows: [
                Row(
                    name: "Families",
                    content: .children([
                        Node(
                            name: "Warm",
                            children: [
                                Node(name: "Red", color: Color(rgb: 0xFF0000)),
                                Node(name: "Gold", color: Color(rgb: 0xFFD700), selected: true),
                            ]),
                        Node(name: "Cool", children: [Node(name: "Blue", color: Color(rgb: 0x0000FF))]),
                    ]))
            ]),
    ])
}

extension Session {
    /// A session on `script` at 80 columns, started.
    public static func open(
        _ script: FakeScript, width: Int = 80, height: Int = 20, selection: LayoutSettings.Selection = .single
    ) throws -> Session {
        var settings = LayoutSettings()
        settings.selection = selection
        let session = Session(
            script: script, settings: settings, screen: Screen(width: width, height: height), state: nil,
            measure: { $0.count })
        try session.start()
        return session
    }
}
