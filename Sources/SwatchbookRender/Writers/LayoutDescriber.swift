import SwatchbookCore

/// A format that describes the laid-out elements rather than painting
/// them (JSON, the transcript): a laid-out window, and one element's
/// inspector, each in its own form.
public protocol LayoutDescriber: Sendable {
    /// `window` of `layout`; `isWhole` when it is the whole document.
    func describe(_ window: Layout, of layout: CatalogueLayout, isWhole: Bool, pipeline: RenderPipeline)
        -> [UInt8]

    /// The inspector of one element (`render --inspect`).
    func describe(_ inspection: Inspection) -> [UInt8]
}

/// `--format json`: ``JSONWriter``.
struct JSONDescriber: LayoutDescriber {
    func describe(_ window: Layout, of layout: CatalogueLayout, isWhole: Bool, pipeline: RenderPipeline)
        -> [UInt8]
    {
        let model = JSONWriter.Model(
            source: layout.source, state: layout.state, isWhole: isWhole, data: pipeline.itemData)
        return JSONWriter.encode(
            window, theme: pipeline.theme, settings: pipeline.settings, model: model,
            simulation: pipeline.simulation)
    }

    func describe(_ inspection: Inspection) -> [UInt8] { JSONWriter.encode(inspection) }
}

/// `--format transcript`: ``TranscriptWriter``.
struct TranscriptDescriber: LayoutDescriber {
    func describe(_ window: Layout, of layout: CatalogueLayout, isWhole: Bool, pipeline: RenderPipeline)
        -> [UInt8]
    {
        TranscriptWriter.encode(window, source: layout.source)
    }

    func describe(_ inspection: Inspection) -> [UInt8] { TranscriptWriter.encode(inspection) }
}
