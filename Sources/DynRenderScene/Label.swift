import Foundation
import DynRenderDisplayList
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPixels
import DynRenderText

/// How a label places its lines across its width, as `NSTextAlignment`.
///
/// ```swift
/// label.textAlignment = .center
/// ```
public enum TextAlignment: Sendable {
    /// Lines start at the left edge, are centred, or end at the right edge.
    case left, center, right
    /// The script's own direction: left for the left-to-right text dynrender lays out.
    case natural
}

/// A view that shows text, like `UILabel`: a font, a colour, an alignment, a number of lines
/// (0 for any), word wrapping and tail truncation with "…". Its lines are centred vertically in
/// its bounds, each line as tall as the font's ascender + descender + line gap, as UIKit does.
/// The text is drawn as text entries, so it turns, moves and fades with the label.
///
/// ```swift
/// let title = Label(frame: CGRect(x: 20, y: 20, width: 350, height: 44), text: "Dynamics")
/// title.font = .preferred(.largeTitle)
/// title.textAlignment = .center
/// ```
open class Label: View {
    /// The text shown; nil or empty shows nothing. A newline starts a new line.
    public var text: String? { didSet { if !translatesAutoresizingMaskIntoConstraints && text != oldValue { invalidateIntrinsicContentSize() } } }
    /// Default: the system font at 17 pt (UILabel's default, the body style).
    public var font: Font = .preferred(.body) { didSet { if !translatesAutoresizingMaskIntoConstraints { invalidateIntrinsicContentSize() } } }
    /// Default: black (UIKit's `label` colour in light mode).
    public var textColor: Color = Color(0, 0, 0)
    /// Where lines sit across the label's width. Default `.natural` (left, for the left-to-right
    /// text dynrender lays out).
    public var textAlignment: TextAlignment = .natural
    /// At most this many lines; 0 means as many as the text needs. Default 1, as UILabel.
    public var numberOfLines = 1
    /// What happens to text that does not fit: wrapped at word boundaries, or cut with "…" at the
    /// end. Default `.byTruncatingTail`, as UILabel.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Points added after every glyph (the `.kern` attribute).
    public var letterSpacing = 0.0
    /// The width a multi-line label's intrinsic size wraps at, points; 0 (the default) for none.
    public var preferredMaxLayoutWidth: CGFloat = 0
    /// Whether a one-line text too wide for the label is drawn in a smaller font that fits,
    /// down to `minimumScaleFactor` of `font`'s size (then truncated). Default false.
    public var adjustsFontSizeToFitWidth = false
    /// The smallest fraction of `font`'s size that `adjustsFontSizeToFitWidth` shrinks to, 0…1;
    /// default 0 (any size that fits).
    public var minimumScaleFactor: CGFloat = 0

    /// A clear label occupying `frame` showing `text`.
    public convenience init(frame: CGRect, text: String?) {
        self.init(frame: frame)
        self.text = text
    }

    /// A clear, empty label occupying `frame` (`UILabel(frame:)`). Designated, as UIKit's, so a
    /// subclass overrides it.
    public override init(frame: CGRect) {
        super.init(frame: frame, backgroundColor: .clear)
    }

    /// A clear, empty label of no size (`UILabel()`): give it a frame, constraints or
    /// `sizeToFit()`.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// Never decoded from archives: always nil (see `View.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The lines as they fit the label's width, or nil when the font cannot be found (the render
    /// then stops with that error before drawing).
    package func layout(width: Double? = nil, font: FontDescriptor? = nil) -> ParagraphLayout? {
        guard let text, !text.isEmpty else { return nil }
        return try? ParagraphLayout(text, font: font ?? self.font.descriptor, width: width ?? Double(bounds.width), numberOfLines: numberOfLines,
                                    lineBreakMode: lineBreakMode, letterSpacing: letterSpacing)
    }

    /// The font drawn: `font`, or for a one-line label that adjusts its font size to fit, `font`
    /// scaled by the text's width over the label's when the text is the wider (not below
    /// `minimumScaleFactor`).
    private var drawnFont: FontDescriptor {
        let font = self.font.descriptor
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, bounds.width > 0,
              let natural = layout(width: .greatestFiniteMagnitude), natural.width > Double(bounds.width) else { return font }
        var fitted = font
        fitted.size = font.size * max(Double(bounds.width) / natural.width, min(max(Double(minimumScaleFactor), 0), 1))
        return fitted
    }

    /// The text's size on one line (or its lines, wrapped at `preferredMaxLayoutWidth` when
    /// that is set), rounded up to whole points: what Auto Layout sizes the label to; zero with
    /// no text, as UIKit's.
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .greatestFiniteMagnitude,
                            height: .greatestFiniteMagnitude))
    }

    /// The smallest size that shows the text within `size`'s width, rounded up to whole points,
    /// as `sizeThatFits(_:)`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let layout = layout(width: Double(size.width)) else { return .zero }
        return CGSize(width: layout.width.rounded(.up), height: layout.height.rounded(.up))
    }


    open override func drawContent(in context: inout ViewDrawingContext) {
        guard let text, !text.isEmpty else { return }
        let font = drawnFont
        guard let layout = layout(font: font) else {
            // A missing font: drawn as one line so the render's font check names it.
            context.drawText(text, font: font, at: CGPoint(x: 0, y: Double(bounds.height) / 2), color: textColor.rgba,
                             letterSpacing: letterSpacing)
            return
        }
        let width = Double(bounds.width)
        var baseline = (Double(bounds.height) - layout.height) / 2 + layout.ascender
        for line in layout.lines {
            let x: Double
            switch textAlignment {
            case .left, .natural: x = 0
            case .center: x = (width - line.width) / 2
            case .right: x = width - line.width
            }
            context.drawText(line.text, font: font, at: CGPoint(x: x, y: baseline), color: textColor.rgba, letterSpacing: letterSpacing)
            baseline += layout.lineHeight
        }
    }
}
