import Foundation
import DynRenderGeometry
import DynRenderPixels
import DynRenderDisplayList
import DynRenderScene
import DynRenderDynamics
import DynRenderCollectionViews

/// A collection view's layout in a scene file: UIKit's flow layout or one of the three dynamic
/// layouts dynrender reproduces, with the flow layout's sizes.
///
/// ```yaml
/// layout: {kind: springy, itemSize: [44, 44], minimumLineSpacing: 10, sectionInset: [10, 10, 10, 10]}
/// ```
struct LayoutSpec: Decodable {
    enum Kind: String, NamedChoice {
        /// `UICollectionViewFlowLayout`.
        case flow
        /// Cells on springs that lag behind scrolling (the iOS 7 Messages effect).
        case springy
        /// A long press lifts the selected cells and a drag carries them (WWDC 2013, session 221).
        case draggable
        /// Cells hung on springs that knock each other like a Newton's cradle; items are added
        /// and deleted by the timeline.
        case newtonian
    }

    /// How a springy layout keeps its springs: only near the visible cells (`tiled`), or one
    /// for every cell (`naive`).
    enum SpringsName: String, NamedChoice { case tiled, naive }

    var kind: Kind
    var itemSize: CGSize?
    var minimumInteritemSpacing: Double?
    var minimumLineSpacing: Double?
    var sectionInset: EdgeInsets?
    var springs: SpringsName?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, itemSize, minimumInteritemSpacing, minimumLineSpacing, sectionInset, springs
    }

    /// A layout of `kind` with its defaults.
    init(kind: Kind) { self.kind = kind }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        itemSize = try c.decodeIfPresent(SizeValue.self, forKey: .itemSize)?.size
        if let size = itemSize, size.width < 1 || size.height < 1 { throw c.invalid(.itemSize, "cells must be at least 1 point on each side") }
        let extent = 0...DisplayListLimits.maximumExtent
        minimumInteritemSpacing = try checked(c.decodeIfPresent(Double.self, forKey: .minimumInteritemSpacing), extent, CodingKeys.minimumInteritemSpacing, in: c)
        minimumLineSpacing = try checked(c.decodeIfPresent(Double.self, forKey: .minimumLineSpacing), extent, CodingKeys.minimumLineSpacing, in: c)
        sectionInset = try c.decodeIfPresent(InsetsValue.self, forKey: .sectionInset)?.insets
        springs = try c.decodeIfPresent(SpringsName.self, forKey: .springs)
        if kind != .springy, c.contains(.springs) { throw c.invalid(.springs, "'springs' is for a springy layout") }
        if kind == .newtonian, let key = [CodingKeys.itemSize, .minimumInteritemSpacing, .minimumLineSpacing, .sectionInset].first(where: c.contains) {
            throw c.invalid(key, "a Newtonian layout places its own cells; '\(key.stringValue)' is for flow, springy and draggable layouts")
        }
    }

    /// The layout, with the sizes given (the flow layout's defaults otherwise).
    func makeLayout() -> CollectionViewLayout {
        let flow: FlowLayout
        switch kind {
        case .newtonian: return NewtonianLayout()
        case .flow: flow = FlowLayout()
        case .springy: flow = SpringyFlowLayout(mode: springs == .naive ? .naive : .tiled)
        case .draggable: flow = LiftingDragLayout()
        }
        if let itemSize { flow.itemSize = itemSize }
        if let minimumInteritemSpacing { flow.minimumInteritemSpacing = minimumInteritemSpacing }
        if let minimumLineSpacing { flow.minimumLineSpacing = minimumLineSpacing }
        if let sectionInset { flow.sectionInset = sectionInset }
        return flow
    }
}

/// How a collection view's cells look: one colour, or colours taken in turn by item number; a
/// colour when selected; rounded corners.
///
/// ```yaml
/// cell: {colors: [systemBlue, systemGreen, systemOrange], cornerRadius: 12}
/// ```
struct CellSpec: Decodable {
    var backgroundColor: Color?
    var colors: [Color]?
    var selectedBackgroundColor: Color?
    var cornerRadius: Double?

    enum CodingKeys: String, CodingKey, CaseIterable { case backgroundColor, colors, selectedBackgroundColor, cornerRadius }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        backgroundColor = try c.decodeIfPresent(ColorValue.self, forKey: .backgroundColor)?.color
        colors = try c.decodeIfPresent([ColorValue].self, forKey: .colors)?.map(\.color)
        if let colors, colors.isEmpty || colors.count > 1_000 { throw c.invalid(.colors, "1 to 1000 colours, taken in turn by item") }
        if backgroundColor != nil && colors != nil { throw c.invalid(.colors, "give a 'backgroundColor' or 'colors', not both") }
        selectedBackgroundColor = try c.decodeIfPresent(ColorValue.self, forKey: .selectedBackgroundColor)?.color
        cornerRadius = try checked(c.decodeIfPresent(Double.self, forKey: .cornerRadius), 0...DisplayListLimits.maximumExtent, CodingKeys.cornerRadius, in: c)
    }

    /// UIKit's defaults, as a collection view draws cells with no appearance of their own: grey,
    /// red when selected.
    init() {}

    /// The appearance of the cell at `path`, selected or not.
    func appearance(_ path: IndexPath, selected: Bool) -> CellAppearance {
        let plain = colors.map { $0[path.item % $0.count] } ?? backgroundColor ?? Color(RGBA8(142, 142, 147))
        let color = selected ? (selectedBackgroundColor ?? Color(RGBA8(255, 59, 48))) : plain
        return CellAppearance(backgroundColor: color.rgba, cornerRadius: cornerRadius ?? 0)
    }
}

/// A collection view's items: one count, or a count per section.
struct ItemCounts: Decodable {
    var counts: [Int]

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let count = try? single.decode(Int.self) { counts = [count] } else { counts = try single.decode([Int].self) }
        guard !counts.isEmpty, counts.count <= 1_000, counts.allSatisfy({ (0...SceneFileLimits.maximumItems).contains($0) }),
              counts.reduce(0, +) <= SceneFileLimits.maximumItems else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "1 to 1000 sections of 0 to \(SceneFileLimits.maximumItems) items in all"))
        }
    }
}
