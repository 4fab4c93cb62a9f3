import DynRenderUIKit

// Our own minimal stand-ins for UEBubblePicker's other sources: the bubble views, their data,
// and the CGPoint arithmetic the container uses.
open class UEBubbleView: UIView {
    public var isSelected = false
    public var pushBehaviors: [UIPushBehavior] = []

    open func updateView() {
        frame.size = CGSize(width: 80, height: 80)
        layer.cornerRadius = 40
        backgroundColor = isSelected ? .systemBlue : .systemGray
    }

    open func animateScale(appearing: Bool, completion: (() -> Void)? = nil) {
        alpha = appearing ? 1 : 0
        completion?()
    }
}

public typealias UEBubbleViews = [UEBubbleView]

public struct UEBubbleData {
    public var title: String
    public init(title: String) { self.title = title }
}

public final class UEDefaultBubbleView: UEBubbleView {
    public func setup(withData data: UEBubbleData!) -> UEDefaultBubbleView {
        updateView()
        return self
    }
}

public func * (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x * b.x, y: a.y * b.y) }
public func / (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x / b.x, y: a.y / b.y) }
public func + (a: CGPoint, b: CGSize) -> CGPoint { CGPoint(x: a.x + b.width, y: a.y + b.height) }
public func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
public func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }

extension CGPoint {
    public func convertToVector() -> CGVector { CGVector(dx: x, dy: y) }
    public init(interpolate a: CGPoint, with b: CGPoint, weight: CGFloat) {
        self.init(x: a.x + (b.x - a.x) * weight, y: a.y + (b.y - a.y) * weight)
    }
    public mutating func constrain(by rect: CGRect) {
        x = min(max(x, rect.minX), rect.maxX)
        y = min(max(y, rect.minY), rect.maxY)
    }
}
