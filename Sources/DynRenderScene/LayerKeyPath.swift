import Foundation
import DynRenderGeometry

/// A layer property an animation can change, under Core Animation's key-path name.
package enum AnimatableProperty: String, CaseIterable {
    case position, anchorPoint, bounds, transform, opacity, hidden
    case backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius
    // A shape layer's.
    case path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd, lineDashPhase, miterLimit
    // A gradient layer's.
    case colors, locations, startPoint, endPoint

    /// The form the property's values take.
    var form: AnimatedValue.Form? {
        switch self {
        case .position, .anchorPoint, .startPoint, .endPoint: return .point
        case .bounds: return .rect
        case .shadowOffset: return .size
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor: return .color
        case .colors: return .colors
        case .locations: return .numbers
        case .transform, .path, .hidden: return nil
        default: return .number
        }
    }

    /// The sub-paths Core Animation accepts after the property's name (`"x"` in
    /// `"position.x"`), each with what it reaches.
    var components: [String: LayerKeyPath.Component] {
        switch self {
        case .position, .anchorPoint, .startPoint, .endPoint: return ["x": .x, "y": .y]
        case .shadowOffset: return ["width": .width, "height": .height]
        case .bounds:
            return ["origin": .origin, "origin.x": .x, "origin.y": .y, "size": .size, "size.width": .width, "size.height": .height]
        case .transform:
            return ["rotation": .rotation, "rotation.z": .rotation, "scale": .scale, "scale.x": .scaleX, "scale.y": .scaleY,
                    "translation": .translation, "translation.x": .translationX, "translation.y": .translationY]
        default: return [:]
        }
    }

    /// Whether `layer` has this property (shape and gradient layers add theirs).
    func applies(to layer: Layer) -> Bool {
        switch self {
        case .path, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd, .lineDashPhase, .miterLimit:
            return layer is ShapeLayer
        case .colors, .locations, .startPoint, .endPoint:
            return layer is GradientLayer
        default:
            return true
        }
    }

    /// The property's value on `layer` now (a missing colour, path or list as `.other(nil)`,
    /// which blends as clear).
    func read(from layer: Layer) -> AnimatedValue {
        func color(_ c: Color?) -> AnimatedValue { c.map { AnimatedValue($0) } ?? .other(nil) }
        let shape = layer as? ShapeLayer, gradient = layer as? GradientLayer
        switch self {
        case .position: return AnimatedValue(layer.position)
        case .anchorPoint: return AnimatedValue(layer.anchorPoint)
        case .bounds: return AnimatedValue(layer.bounds)
        case .transform: return .transform(layer.affineTransformValue)
        case .opacity: return AnimatedValue(Double(layer.opacity))
        case .hidden: return .other(layer.isHidden)
        case .backgroundColor: return color(layer.backgroundColor)
        case .cornerRadius: return AnimatedValue(layer.cornerRadius)
        case .borderWidth: return AnimatedValue(layer.borderWidth)
        case .borderColor: return color(layer.borderColor)
        case .shadowColor: return color(layer.shadowColor)
        case .shadowOpacity: return AnimatedValue(Double(layer.shadowOpacity))
        case .shadowOffset: return AnimatedValue(layer.shadowOffset)
        case .shadowRadius: return AnimatedValue(layer.shadowRadius)
        case .path: return shape?.path.map { .path($0) } ?? .other(nil)
        case .fillColor: return color(shape?.fillColor)
        case .strokeColor: return color(shape?.strokeColor)
        case .lineWidth: return AnimatedValue(shape?.lineWidth ?? 0)
        case .strokeStart: return AnimatedValue(shape?.strokeStart ?? 0)
        case .strokeEnd: return AnimatedValue(shape?.strokeEnd ?? 0)
        case .lineDashPhase: return AnimatedValue(shape?.lineDashPhase ?? 0)
        case .miterLimit: return AnimatedValue(shape?.miterLimit ?? 0)
        case .colors: return gradient?.colors.map { AnimatedValue($0) } ?? .other(nil)
        case .locations: return gradient?.locations.map { AnimatedValue($0 as [Any]) } ?? .other(nil)
        case .startPoint: return AnimatedValue(gradient?.startPoint ?? .zero)
        case .endPoint: return AnimatedValue(gradient?.endPoint ?? .zero)
        }
    }

    /// Sets the property on `layer` to `value`; a value of another form than the property's is
    /// ignored (`validate` refuses such animations when they are added).
    func write(_ value: AnimatedValue, to layer: Layer) {
        let shape = layer as? ShapeLayer, gradient = layer as? GradientLayer
        func number(_ set: (CGFloat) -> Void) { if let n = value.number { set(CGFloat(n)) } }
        func color(_ set: (Color?) -> Void) {
            if let c = value.color { set(c) } else if case .other(let raw) = value { set(raw as? Color) }
        }
        switch self {
        case .position: if let p = value.point { layer.position = p }
        case .anchorPoint: if let p = value.point, p.x.isFinite, p.y.isFinite { layer.anchorPoint = p }
        case .bounds: if let r = value.rect { layer.bounds = r }
        case .transform: if let t = value.affineTransform { layer.affineTransformValue = t }
        case .opacity: number { layer.opacity = Float($0) }
        case .hidden: if case .other(let raw) = value, let b = raw as? Bool { layer.isHidden = b }
        case .backgroundColor: color { layer.backgroundColor = $0 }
        case .cornerRadius: number { layer.cornerRadius = $0 }
        case .borderWidth: number { layer.borderWidth = $0 }
        case .borderColor: color { layer.borderColor = $0 }
        case .shadowColor: color { layer.shadowColor = $0 }
        case .shadowOpacity: number { layer.shadowOpacity = Float($0) }
        case .shadowOffset: if let s = value.size { layer.shadowOffset = s }
        case .shadowRadius: number { layer.shadowRadius = $0 }
        case .path:
            if case .path(let p) = value { shape?.path = p } else if case .other(let raw) = value { shape?.path = raw as? BezierPath }
        case .fillColor: color { shape?.fillColor = $0 }
        case .strokeColor: color { shape?.strokeColor = $0 }
        case .lineWidth: number { shape?.lineWidth = $0 }
        case .strokeStart: number { shape?.strokeStart = $0 }
        case .strokeEnd: number { shape?.strokeEnd = $0 }
        case .lineDashPhase: number { shape?.lineDashPhase = $0 }
        case .miterLimit: number { shape?.miterLimit = $0 }
        case .colors:
            if case .components(let c, .colors) = value {
                gradient?.colors = stride(from: 0, to: c.count - 3, by: 4).map { Color(red: c[$0], green: c[$0 + 1], blue: c[$0 + 2], alpha: c[$0 + 3]) }
            } else if case .other(let raw) = value { gradient?.colors = raw as? [Any] }
        case .locations:
            if case .components(let c, .numbers) = value { gradient?.locations = c.map { NSNumber(value: $0) } }
            else if case .other(let raw) = value { gradient?.locations = raw as? [NSNumber] }
        case .startPoint: if let p = value.point { gradient?.startPoint = p }
        case .endPoint: if let p = value.point { gradient?.endPoint = p }
        }
    }
}

/// A key path an animation names (`"position.x"`, `"transform.rotation.z"`): a property and
/// the part of it reached.
package struct LayerKeyPath: Hashable {
    /// The part of a property a key path reaches.
    package enum Component: Hashable {
        case whole, x, y, width, height, origin, size
        case rotation, scale, scaleX, scaleY, translation, translationX, translationY

        /// The form of this part's values, given the whole property's.
        func form(in whole: AnimatedValue.Form?) -> AnimatedValue.Form? {
            switch self {
            case .whole: return whole
            case .origin: return .point
            case .size, .translation: return .size
            default: return .number
            }
        }
    }

    package let property: AnimatableProperty
    package let component: Component

    /// The key path `name`, or nil when dynrender does not animate it.
    package init?(_ name: String) {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let property = AnimatableProperty(rawValue: parts[0]) else { return nil }
        if parts.count == 1 {
            component = .whole
        } else {
            guard let part = property.components[parts[1]] else { return nil }
            component = part
        }
        self.property = property
    }

    /// The form an animation's values for this key path must take (nil: transforms, paths or
    /// Booleans, checked by kind).
    package var form: AnimatedValue.Form? { component.form(in: property.form) }

    /// This key path's part of the whole property value `whole`.
    package func part(of whole: AnimatedValue) -> AnimatedValue? {
        func number(_ v: Double) -> AnimatedValue { .components([v], .number) }
        switch (component, whole) {
        case (.whole, _): return whole
        case let (.x, .components(c, _)): return number(c[0])
        case let (.y, .components(c, _)): return number(c[1])
        case let (.width, .components(c, f)): return number(f == .rect ? c[2] : c[0])
        case let (.height, .components(c, f)): return number(f == .rect ? c[3] : c[1])
        case let (.origin, .components(c, _)): return .components([c[0], c[1]], .point)
        case let (.size, .components(c, _)): return .components([c[2], c[3]], .size)
        case let (_, .transform(t)):
            let parts = TransformParts(t)
            switch component {
            case .rotation: return number(parts.angle)
            case .scale, .scaleX: return number(parts.sx)
            case .scaleY: return number(parts.sy)
            case .translation: return .components([parts.tx, parts.ty], .size)
            case .translationX: return number(parts.tx)
            case .translationY: return number(parts.ty)
            default: return nil
            }
        default: return nil
        }
    }

    /// `whole` with this key path's part set to `value`.
    package func replacingPart(of whole: AnimatedValue, with value: AnimatedValue) -> AnimatedValue {
        guard component != .whole else { return value }
        let v: [Double]
        if case .components(let c, _) = value { v = c } else { return whole }
        switch whole {
        case .components(var c, let f):
            switch component {
            case .x: c[0] = v[0]
            case .y: c[1] = v[0]
            case .width: c[f == .rect ? 2 : 0] = v[0]
            case .height: c[f == .rect ? 3 : 1] = v[0]
            case .origin: c[0] = v[0]; c[1] = v[1]
            case .size: c[2] = v[0]; c[3] = v[1]
            default: return whole
            }
            return .components(c, f)
        case .transform(let t):
            var parts = TransformParts(t)
            switch component {
            case .rotation: parts.angle = v[0]
            case .scale: parts.sx = v[0]; parts.sy = v[0]
            case .scaleX: parts.sx = v[0]
            case .scaleY: parts.sy = v[0]
            case .translation: parts.tx = v[0]; parts.ty = v[1]
            case .translationX: parts.tx = v[0]
            case .translationY: parts.ty = v[0]
            default: return whole
            }
            return .transform(parts.transform)
        default:
            return whole
        }
    }

    /// Every key path dynrender animates on `layer`, as Core Animation names them.
    package static func names(for layer: Layer) -> [String] {
        AnimatableProperty.allCases.filter { $0.applies(to: layer) }.flatMap { property in
            [property.rawValue] + property.components.keys.sorted().map { "\(property.rawValue).\($0)" }
        }
    }
}

/// The values being shown at one moment while a layer's animations are applied in turn: each
/// property an animation touches starts at the value the app set and is changed by each
/// animation added after the one before.
package struct PresentedValues {
    private(set) var values: [AnimatableProperty: AnimatedValue]

    /// Starts from the app's values `models`.
    init(models: [AnimatableProperty: AnimatedValue]) { values = models }

    /// The value shown now for `path`, or nil when the property is not being animated.
    package func value(of path: LayerKeyPath) -> AnimatedValue? {
        values[path.property].flatMap(path.part)
    }

    /// Shows `value` for `path`.
    package mutating func set(_ value: AnimatedValue, for path: LayerKeyPath) {
        guard let whole = values[path.property] else { return }
        values[path.property] = path.replacingPart(of: whole, with: value)
    }
}
