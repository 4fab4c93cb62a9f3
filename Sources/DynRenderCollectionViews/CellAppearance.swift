import Foundation
import DynRenderDisplayList
import DynRenderPixels

/// How a cell draws (the cell's `backgroundColor`, layer `cornerRadius`, border and shadow):
/// what a headless collection view needs to turn layout attributes into display-list shapes.
///
/// ```swift
/// CellAppearance(backgroundColor: SystemColors.blue, cornerRadius: 12, cornerCurve: .continuous)
/// ```
public struct CellAppearance: Equatable, Sendable {
    /// Straight-alpha sRGB fill.
    public var backgroundColor: RGBA8
    /// Points.
    public var cornerRadius: Double
    /// Circular or continuous corners (the layer's `cornerCurve`).
    public var cornerCurve: CornerCurve
    /// A stroke inside the cell's edge; nil for none.
    public var border: Border?
    /// A drop shadow under the cell; nil for none.
    public var shadow: Shadow?
    /// A picture filling the cell over its background (a cell's image view with
    /// `.scaleToFill`), taking the cell's rounded corners; nil for none. Give square cells
    /// square pictures.
    public var image: ImageSource?

    /// A cell's look: its fill, corners, border, shadow and picture.
    public init(backgroundColor: RGBA8, cornerRadius: Double = 0, cornerCurve: CornerCurve = .circular,
                border: Border? = nil, shadow: Shadow? = nil, image: ImageSource? = nil) {
        self.image = image
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.border = border
        self.shadow = shadow
    }
}
