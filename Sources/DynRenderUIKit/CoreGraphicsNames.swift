import DynRender

// Core Graphics' and Core Foundation's older spellings that UIKit code still uses.

/// `CGPoint.equalTo(_:)`: the same point, exactly.
extension CGPoint {
    /// Whether `point` is this point (Core Graphics' `CGPointEqualToPoint`).
    public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

/// `CGSize.equalTo(_:)`: the same size, exactly.
extension CGSize {
    /// Whether `size` is this size (Core Graphics' `CGSizeEqualToSize`).
    public func equalTo(_ size: CGSize) -> Bool { self == size }
}

/// `CGRect.equalTo(_:)`: the same rectangle (two null rectangles are equal).
extension CGRect {
    /// Whether `rect` is this rectangle (Core Graphics' `CGRectEqualToRect`).
    public func equalTo(_ rect: CGRect) -> Bool { self == rect }
}

/// Seconds since 1 January 2001, as Core Foundation's `CFAbsoluteTime`.
public typealias CFAbsoluteTime = Double

/// The scene's clock as an absolute time: the running scene's time in seconds plus a fixed
/// reference, 2026-01-01 00:00 UTC (788 918 400 s after 2001). Apps measure durations and frame
/// intervals with it; on the scene's clock they come out as on a device, and a render is the
/// same every time. Outside a running scene it is the reference itself.
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    788_918_400 + (Scene.running?.time ?? 0)
}

/// UIKit's names nested in `UICollectionView`.
extension UICollectionView {
    /// `UICollectionView.ScrollDirection`: a flow layout's axis.
    public typealias ScrollDirection = FlowLayout.ScrollDirection
}

/// `UICollectionViewUpdateItem`: one insertion, deletion or move of a batch update.
public typealias UICollectionViewUpdateItem = CollectionViewUpdateItem
