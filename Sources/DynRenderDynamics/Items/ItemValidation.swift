import Foundation

extension DynamicAnimator {
    /// Why `item` cannot be simulated, or nil.
    static func problem(with item: DynamicItem) -> String? {
        let size = item.bounds.size, center = item.center, t = item.transform
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return "an item of size \(size.width)x\(size.height) has no area"
        }
        guard center.x.isFinite, center.y.isFinite, t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite else {
            return "an item at (\(center.x), \(center.y)) has a position or transform that is not finite"
        }
        return nil
    }
}
