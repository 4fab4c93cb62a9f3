import Foundation
import DynRenderDisplayList
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPixels
import DynRenderText

/// A button with a title, like a system `UIButton`: the title in the tint colour (or its own
/// colour), centred; while a scripted finger is down inside it, the title dims to 20 % as UIKit's
/// highlighted state does.
///
/// ```swift
/// let dismiss = Button(frame: CGRect(x: 20, y: 200, width: 120, height: 44), title: "Dismiss")
/// dismiss.addTouchUpInsideHandler { _ in print("tapped") }
/// ```
open class Button: View {
    /// The title shown; nil shows none.
    public var title: String? { didSet { if !translatesAutoresizingMaskIntoConstraints && title != oldValue { invalidateIntrinsicContentSize() } } }
    /// Default: the tint, system blue.
    public var titleColor: Color = Color(SystemColors.blue)
    /// Default: the system font at 17 pt. The same as `titleLabel`'s font.
    public var titleFont: Font {
        get { label.font }
        set { label.font = newValue }
    }
    /// The label whose font the title is drawn in (UIKit's `titleLabel`): setting its `font`
    /// sets `titleFont`; the title's text and colour are the button's (`setTitle`,
    /// `setTitleColor`), as in UIKit.
    public var titleLabel: Label? { label }
    private lazy var label: Label = {
        let label = Label()
        label.font = .system(size: 17)
        return label
    }()
    /// A picture before the title (UIKit's `setImage(_:for:)`), at its size in points; nil for none.
    public var image: Image? { didSet { if !translatesAutoresizingMaskIntoConstraints { invalidateIntrinsicContentSize() } } }
    /// Whether touches send its actions. A disabled button draws its title and picture at 35 %
    /// opacity. Default true.
    public var isEnabled = true
    /// Draws the button as if a finger were on it (its title dimmed), as UIKit's.
    public var isHighlighted = false
    /// The title's opacity while highlighted (UIKit lightens a system button's title to about this).
    public static let highlightedTitleAlpha = 0.2
    /// Where the title sits across the button, inside `contentEdgeInsets`. Default centred.
    public var contentHorizontalAlignment = ContentHorizontalAlignment.center
    /// Where the title sits up and down the button, inside `contentEdgeInsets`. Default centred.
    public var contentVerticalAlignment = ContentVerticalAlignment.center
    /// Margins between the button's edges and its title, points; a title too wide for the width
    /// left ends in "…". Default zero.
    public var contentEdgeInsets = EdgeInsets.zero

    /// UIKit's `UIControl.ContentHorizontalAlignment` (leading is left and trailing right: text
    /// runs left to right here).
    ///
    /// ```swift
    /// button.contentHorizontalAlignment = .left
    /// ```
    public enum ContentHorizontalAlignment: Sendable {
        /// Centred (the default).
        case center
        /// At the left inset.
        case left
        /// At the right inset.
        case right
        /// Across the width: a title is centred.
        case fill
        /// At the leading (left) inset.
        case leading
        /// At the trailing (right) inset.
        case trailing
    }

    /// UIKit's `UIControl.ContentVerticalAlignment`.
    ///
    /// ```swift
    /// button.contentVerticalAlignment = .top
    /// ```
    public enum ContentVerticalAlignment: Sendable {
        /// Centred (the default).
        case center
        /// At the top inset.
        case top
        /// At the bottom inset.
        case bottom
        /// Down the height: a title is centred.
        case fill
    }

    /// A button at `frame` with `title` in the tint colour, centred, over `backgroundColor`
    /// (default clear) with corners of `cornerRadius` points.
    public init(frame: CGRect, title: String?, backgroundColor: Color = .clear, cornerRadius: Double = 0) {
        self.title = title
        super.init(frame: frame, backgroundColor: backgroundColor, cornerRadius: cornerRadius)
    }

    /// A button at `frame` with no title yet, as `UIButton(frame:)`. Designated, as UIKit's, so
    /// a subclass overrides it.
    public override init(frame: CGRect) {
        super.init(frame: frame, backgroundColor: .clear, cornerRadius: 0)
    }

    /// A button of no size and no title yet (`UIButton()`).
    public convenience init() {
        self.init(frame: .zero)
    }

    private var touchUpInside: [(Button) -> Void] = []

    /// Calls `handler` when a finger that went down on the button is lifted inside it (UIKit's
    /// `.touchUpInside`), however it moved meanwhile; a recogniser that takes the touch first (a
    /// pan on a superview, say) cancels it, as in UIKit.
    public func addTouchUpInsideHandler(_ handler: @escaping (Button) -> Void) {
        if touchUpInside.isEmpty {
            addGestureRecognizer(TouchUpInsideRecognizer { [unowned self] _ in
                guard isEnabled else { return }
                for handler in touchUpInside { handler(self) }
            })
        }
        touchUpInside.append(handler)
    }

    /// Never decoded from archives: always nil (see `View.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The picture and the title's size on one line side by side, plus `contentEdgeInsets`,
    /// rounded up to whole points: what Auto Layout sizes the button to. A button with neither
    /// has none.
    open override var intrinsicContentSize: CGSize {
        let layout = (title?.isEmpty ?? true) ? nil
            : try? ParagraphLayout(title!, font: titleFont.descriptor, width: .greatestFiniteMagnitude, numberOfLines: 1)
        let picture = image?.size ?? .zero
        guard layout != nil || image != nil else { return CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        let inset = contentEdgeInsets
        return CGSize(width: ((layout?.width ?? 0) + Double(picture.width) + Double(inset.left + inset.right)).rounded(.up),
                      height: (max(layout?.lineHeight ?? 0, Double(picture.height)) + Double(inset.top + inset.bottom)).rounded(.up))
    }

    open override func drawContent(in context: inout ViewDrawingContext) {
        let title = self.title ?? ""
        let picture = image.map { (image: $0, size: $0.size) }
        guard !title.isEmpty || picture != nil else { return }
        let highlighted = isHighlighted || (isEnabled && context.isTouched(inside: CGRect(origin: .zero, size: bounds.size)))
        let opacity = !isEnabled ? 0.35 : highlighted ? Self.highlightedTitleAlpha : 1
        let inset = contentEdgeInsets
        let pictureWidth = Double(picture?.size.width ?? 0)
        let width = Double(bounds.width - inset.left - inset.right), height = Double(bounds.height - inset.top - inset.bottom)
        let layout = title.isEmpty ? nil : try? ParagraphLayout(title, font: titleFont.descriptor, width: max(width - pictureWidth, 0), numberOfLines: 1)
        let line = layout?.lines.first ?? ParagraphLayout.Line(text: title, width: 0)
        let lineHeight = layout?.lineHeight ?? 0, ascender = layout?.ascender ?? 0
        // The picture and the title side by side, placed as one.
        let contentWidth = pictureWidth + line.width
        let x: Double
        switch contentHorizontalAlignment {
        case .center, .fill: x = Double(inset.left) + (width - contentWidth) / 2
        case .left, .leading: x = Double(inset.left)
        case .right, .trailing: x = Double(inset.left) + width - contentWidth
        }
        func top(_ length: Double) -> Double {
            switch contentVerticalAlignment {
            case .center, .fill: return Double(inset.top) + (height - length) / 2
            case .top: return Double(inset.top)
            case .bottom: return Double(inset.top) + height - length
            }
        }
        if let picture {
            let size = picture.size
            context.drawImage(picture.image.source, in: CGRect(x: x, y: top(Double(size.height)), width: size.width, height: size.height),
                              filter: .linear, alpha: opacity)
        }
        guard !title.isEmpty else { return }
        context.drawText(line.text, font: titleFont.descriptor, at: CGPoint(x: x + pictureWidth, y: top(lineHeight) + ascender),
                         color: titleColor.rgba, alpha: opacity)
    }
}
