import DynRender

/// `UIColor`: dynrender's `Color`, a class as UIKit's, so apps extend it with `class func` and
/// `class var`; it keeps the components it was made with and draws as their 8-bit value.
public typealias UIColor = Color
/// `CGColor`: the same colour (`UIColor.cgColor` is the colour itself).
public typealias CGColor = Color
/// What `#colorLiteral(red:green:blue:alpha:)` makes in code that imports `DynRenderUIKit`: a
/// `UIColor`, as in an app.
public typealias _ColorLiteralType = UIColor

/// `#colorLiteral(red:green:blue:alpha:)`, as Xcode writes colour wells into code (the
/// initialiser is `Color`'s own, as a required one must be).
extension Color: _ExpressibleByColorLiteral {}

/// UIKit's ways of reading a colour and its Core Graphics form.
extension Color {
    /// The colour itself (Core Graphics' colour is the same object here).
    public var cgColor: CGColor { self }

    /// `CGColor.alpha`, 0…1.
    public var cgAlpha: CGFloat { alpha }

    /// `UIColor(cgColor:)`: the same colour.
    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    /// `getRed(_:green:blue:alpha:)`: the components 0…1; always true (every colour here is RGB).
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// `getWhite(_:alpha:)`: the luma (Rec. 601 weights, as UIKit converts RGB to grey) and
    /// opacity; always true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = 0.299 * red + 0.587 * green + 0.114 * blue
        alpha?.pointee = self.alpha
        return true
    }

    /// `getHue(_:saturation:brightness:alpha:)`: HSB 0…1 (hue 0 for greys); always true.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let high = max(red, green, blue), low = min(red, green, blue), range = high - low
        var h: CGFloat = 0
        if range > 0 {
            if high == red { h = (green - blue) / range } else if high == green { h = 2 + (blue - red) / range } else { h = 4 + (red - green) / range }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? range / high : 0
        brightness?.pointee = high
        alpha?.pointee = self.alpha
        return true
    }
}
