import Foundation

/// How stroked segments meet (miter limit 10, as CoreGraphics and SVG).
///
/// ```swift
/// PathStroke(width: 4, color: SystemColors.blue, join: .bevel)
/// ```
public enum LineJoin: String, Equatable, Sendable {
    /// Mitred (pointed, up to the miter limit), rounded or bevelled corners.
    case miter, round, bevel
}

/// How open subpaths end.
///
/// ```swift
/// PathStroke(width: 6, color: RGBA8(0, 0, 0), join: .round, cap: .round)
/// ```
public enum LineCap: String, Equatable, Sendable {
    /// Ends cut at the endpoint, rounded, or squared off half the width beyond it.
    case butt, round, square
}
