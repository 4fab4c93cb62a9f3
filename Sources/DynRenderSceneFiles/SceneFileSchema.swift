import Foundation
import DynRenderDisplayList
import DynRenderCodecs
import DynRenderPipeline

/// The JSON Schema (draft 2020-12) of scene files, for editors: with it, yaml-language-server
/// and VS Code complete keys, show each key's description and flag mistakes as you type. Each
/// object's properties are its model's coding keys mapped through an exhaustive `switch`, so a
/// key the decoder reads cannot lack a description here: adding one without it does not compile.
///
/// ```swift
/// print(SceneFileSchema.text)   // what `dynrender schema` prints
/// ```
public enum SceneFileSchema {
    /// The schema, pretty-printed, ending in a newline.
    public static var text: String { document.text() + "\n" }

    static var document: SchemaJSON {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://github.com/dynrender/dynrender/scene-file.schema.json")),
            ("title", .string("dynrender scene file")),
        ] + pairs(of: top) + [("$defs", .object(definitions))])
    }

    static var definitions: [(String, SchemaJSON)] {
        [
            ("point", numbers(2, "[x, y] in points")), ("vector", numbers(2, "[dx, dy] in points")),
            ("size", numbers(2, "[width, height] in points", minimum: 0)), ("frame", numbers(4, "[x, y, width, height] in points")),
            ("insets", numbers(4, "[top, left, bottom, right] in points")),
            ("color", .object([
                ("description", .string("#RRGGBB, #RRGGBBAA or a UIKit colour name")),
                ("anyOf", .array([.object([("type", .string("string")), ("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))]),
                                  enumeration(ColorValue.named.map(\.0))])),
            ])),
            ("id", .object([("type", .string("string")), ("description", .string("the id of a view (or, where said, a behaviour)"))])),
            ("ids", .object([("type", .string("array")), ("items", ref("id"))])),
            ("canvas", canvas), ("output", output), ("checks", checks), ("view", view), ("shadow", shadow), ("font", font),
            ("behaviour", behaviour), ("gravity", gravity), ("collision", collision), ("boundary", boundary), ("push", push),
            ("snap", snap), ("attachment", attachment), ("itemProperties", itemProperties), ("field", field),
            ("event", event), ("animation", animation), ("change", change),
            ("layout", layout), ("cell", cell), ("touchPoint", touchPoint), ("itemsChange", itemsChange), ("velocity", velocity),
            ("touchPoints", .object([("type", .string("array")), ("items", ref("touchPoint")), ("minItems", .number(2))])),
        ]
    }

    // MARK: Building blocks

    static func pairs(of object: SchemaJSON) -> [(String, SchemaJSON)] {
        if case let .object(pairs) = object { return pairs }
        return []
    }

    static func ref(_ name: String) -> SchemaJSON { .object([("$ref", .string("#/$defs/\(name)"))]) }

    static func enumeration(_ values: [String]) -> SchemaJSON { .object([("enum", .array(values.map(SchemaJSON.string)))]) }

    static func choice<C: NamedChoice>(_ type: C.Type) -> SchemaJSON { enumeration(C.allCases.map(\.rawValue)) }

    static func numbers(_ count: Int, _ description: String, minimum: Double? = nil) -> SchemaJSON {
        var item: [(String, SchemaJSON)] = [("type", .string("number"))]
        if let minimum { item.append(("minimum", .number(minimum))) }
        return .object([("description", .string(description)), ("type", .string("array")), ("items", .object(item)),
                        ("minItems", .number(Double(count))), ("maxItems", .number(Double(count)))])
    }

    static func number(_ range: ClosedRange<Double>? = nil) -> SchemaJSON {
        var pairs: [(String, SchemaJSON)] = [("type", .string("number"))]
        if let range { pairs += [("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))] }
        return .object(pairs)
    }

    static var integer: SchemaJSON { .object([("type", .string("integer"))]) }
    static var string: SchemaJSON { .object([("type", .string("string"))]) }
    static var boolean: SchemaJSON { .object([("type", .string("boolean"))]) }
    static func list(_ item: SchemaJSON) -> SchemaJSON { .object([("type", .string("array")), ("items", item)]) }

    /// `schema` with `description` first.
    static func described(_ description: String, _ schema: SchemaJSON) -> SchemaJSON {
        .object([("description", .string(description))] + pairs(of: schema).filter { $0.0 != "description" })
    }

    /// An object whose properties are exactly `keys`' cases, each described by `property`.
    static func object<K: CodingKey & CaseIterable>(_ keys: K.Type, _ description: String, required: [K] = [],
                                                    extra: [(String, SchemaJSON)] = [],
                                                    _ property: (K) -> (String, SchemaJSON)) -> SchemaJSON {
        var pairs: [(String, SchemaJSON)] = [("description", .string(description)), ("type", .string("object")),
                                             ("properties", .object(keys.allCases.map { key in
                                                 let (text, schema) = property(key)
                                                 return (key.stringValue, described(text, schema))
                                             })),
                                             ("additionalProperties", .bool(false))]
        if !required.isEmpty { pairs.append(("required", .array(required.map { .string($0.stringValue) }))) }
        return .object(pairs + extra)
    }

    static let coordinateLimit = DisplayListLimits.maximumCoordinate
    static let seconds = 0...SceneFileLimits.maximumDuration

    // MARK: The file

    static var top: SchemaJSON {
        object(SceneFileModel.CodingKeys.self, "A dynrender scene: canvas, views, behaviours, timeline and outputs.",
               required: [.canvas, .duration]) { key in
            switch key {
            case .canvas: return ("The canvas: size, scale and background.", ref("canvas"))
            case .duration: return ("Seconds rendered, the closing still hold included.", number(0.001...SceneFileLimits.maximumDuration))
            case .stillHold: return ("Seconds at the end showing the scene frozen, so every loop ends still (default 0.5).", number(seconds))
            case .views: return ("Views, drawn in order, each subview above its parent.", list(ref("view")))
            case .behaviours: return ("Behaviours added at the start, in order.", list(ref("behaviour")))
            case .timeline: return ("Events, each at a time: touches, additions, removals, pushes, animations.", list(ref("event")))
            case .output: return ("Where to write and how, with the command line's names (default: NAME.gif beside the file).", ref("output"))
            case .checks: return ("What `dynrender test` compares: golden stills and the state hash.", ref("checks"))
            }
        }
    }

    static var checks: SchemaJSON {
        object(ChecksSpec.CodingKeys.self, "Checks for `dynrender test`.") { key in
            switch key {
            case .frames: return ("Times, seconds, whose stills are compared with goldens/<time>.png.", list(number(seconds)))
            case .scale: return ("The stills' pixels per point (default 1).", number(0.01...8))
            case .goldens: return ("The golden stills' folder, under the file's (default NAME.goldens).", string)
            case .stateHash: return ("The run's SceneStateHash, 16 hex digits; null asks `dynrender test` to record it.",
                                     .object([("type", .array([.string("string"), .string("null")])), ("pattern", .string("^[0-9a-f]{16}$"))]))
            }
        }
    }

    static var canvas: SchemaJSON {
        object(CanvasSpec.CodingKeys.self, "The canvas.", required: [.size]) { key in
            switch key {
            case .size: return ("Width and height in points, each at least 1.", ref("size"))
            case .scale: return ("Pixels per point (default 2).", number(0.01...DisplayListLimits.maximumScale))
            case .background: return ("The colour behind every view (default white).", ref("color"))
            case .backgroundImage: return ("A PNG under the file's folder, scaled to fill the canvas behind every view.", string)
            }
        }
    }

    static var output: SchemaJSON {
        object(OutputSpec.CodingKeys.self, "Outputs and encoder settings, named as the command line's flags.") { key in
            switch key {
            case .gif: return ("Write an animated GIF here (a path under the file's folder).", string)
            case .apng: return ("Write an animated PNG (APNG) here.", string)
            case .webp: return ("Write an animated WebP here: lossless unless webp-quality is given.", string)
            case .pngDirectory: return ("Write a PNG sequence into this folder.", string)
            case .fps: return ("Frames per second (default 50 with a GIF, its maximum; else 60).", number(0.001...240))
            case .loop: return ("How many times the animation plays; 0 = for ever.", integer)
            case .dither: return ("Ordered dithering in GIF frames with more than 256 colours.", boolean)
            case .lossy: return ("Lossy GIF: how far (RGB distance) an edge or gradient pixel may move; 0 = off.", number(0...442))
            case .gifPalette: return ("per-frame (the default: exact colours in flat UI frames) or global: one palette for the whole animation, smaller where every frame holds hundreds of colours, lossy beyond 255.", enumeration(GIFPalette.allCases.map(\.rawValue)))
            case .pngLevel: return ("zlib level of PNG frames, 0...9 (default 6).", number(0...9))
            case .webpQuality: return ("Lossy WebP at this quality, 0...100; frames stay lossless where that is smaller.", number(0...100))
            case .showsTouches: return ("Draw a translucent circle where the scripted finger touches.", boolean)
            case .debug: return ("Draw attachments, anchors, snap points and collision boundaries.", boolean)
            }
        }
    }

    static var view: SchemaJSON {
        object(ViewSpec.CodingKeys.self, "A view: plain, label, button, image view or collection view.", required: [.frame]) { key in
            switch key {
            case .id: return ("A name other entries use for this view.", string)
            case .type: return ("view (the default), label, button, image or collectionView.", choice(ViewSpec.Kind.self))
            case .frame: return ("[x, y, width, height] in points, in the superview's coordinates.", ref("frame"))
            case .backgroundColor: return ("The fill colour (default none).", ref("color"))
            case .cornerRadius: return ("Points.", number(0...DisplayListLimits.maximumExtent))
            case .borderWidth: return ("Points; the border is drawn inside the bounds.", number(0...DisplayListLimits.maximumExtent))
            case .borderColor: return ("The border's colour (default black).", ref("color"))
            case .shadow: return ("A drop shadow.", ref("shadow"))
            case .alpha: return ("Opacity, 0...1, of the view and its subviews together.", number(0...1))
            case .clipsToBounds: return ("Clip subviews to the bounds (and corner radius).", boolean)
            case .isHidden: return ("Draw nothing of this view or its subviews.", boolean)
            case .subviews: return ("Views inside this one.", list(ref("view")))
            case .text: return ("A label's text or a button's title.", string)
            case .font: return ("A text style (headline, body…) or {size, weight} of the system font.", ref("font"))
            case .textColor: return ("The text's colour (a label's default black, a button's system blue).", ref("color"))
            case .textAlignment: return ("left, center, right or natural.", choice(TextAlignmentName.self))
            case .numberOfLines: return ("Lines a label may wrap to; 0 = as many as fit.", number(0...1_000))
            case .image: return ("An image view's PNG, under the file's folder.", string)
            case .contentMode: return ("How an image view fits its picture.", choice(ContentModeName.self))
            case .layout: return ("A collection view's layout (default a flow layout).", ref("layout"))
            case .items: return ("A collection view's item count, or a count per section.",
                                 .object([("anyOf", .array([integer, list(integer)]))]))
            case .cell: return ("How a collection view's cells look (default grey, red when selected).", ref("cell"))
            }
        }
    }

    static var shadow: SchemaJSON {
        object(ShadowSpec.CodingKeys.self, "A drop shadow.") { key in
            switch key {
            case .offset: return ("[dx, dy] in points (default [0, -3], Core Animation's).", ref("vector"))
            case .blur: return ("Points: twice Core Animation's shadowRadius (σ = blur / 2; default 6).", number(0...DisplayListLimits.maximumBlur))
            case .color: return ("The shadow's colour with its opacity (default #00000054).", ref("color"))
            }
        }
    }

    static var font: SchemaJSON {
        .object([
            ("description", .string("A Dynamic Type text style, or the system font at a size and weight.")),
            ("anyOf", .array([
                enumeration(FontSpec.styles.map(\.0)),
                object(FontSpec.CodingKeys.self, "The system font.", required: [.size]) { key in
                    switch key {
                    case .size: return ("Points.", number(1...DisplayListLimits.maximumFontSize))
                    case .weight: return ("CSS weight: 400 regular, 600 semibold, 700 bold.", number(1...1000))
                    case .style: return ("Not used here: write the style as the font itself.", .object([("not", .object([]))]))
                    }
                },
            ])),
        ])
    }

    static var behaviour: SchemaJSON {
        object(BehaviourSpec.CodingKeys.self, "One behaviour, named as UIKit's class without UI…Behavior.",
               extra: [("minProperties", .number(1)), ("maxProperties", .number(1))]) { key in
            switch key {
            case .gravity: return ("UIGravityBehavior.", ref("gravity"))
            case .collision: return ("UICollisionBehavior.", ref("collision"))
            case .push: return ("UIPushBehavior.", ref("push"))
            case .snap: return ("UISnapBehavior.", ref("snap"))
            case .attachment: return ("UIAttachmentBehavior, any kind.", ref("attachment"))
            case .itemProperties: return ("UIDynamicItemBehavior.", ref("itemProperties"))
            case .field: return ("UIFieldBehavior, any of its kinds.", ref("field"))
            }
        }
    }

    // Computed, not stored: a stored indirect enum keeps its box's pointer with tag bits, which
    // LeakSanitizer cannot see as a reference, and reports as a leak.
    static var behaviourID: (String, SchemaJSON) { ("A name the timeline removes (or a drag carries) this behaviour by.", string) }
    static var items: (String, SchemaJSON) { ("The views it acts on, by id.", ref("ids")) }
    static var angle: (String, SchemaJSON) { ("Radians, clockwise from +x (UIKit's y points down).", number(-1e6...1e6)) }

    static var gravity: SchemaJSON {
        object(GravitySpec.CodingKeys.self, "Gravity: 1 000 pt/s² per unit of magnitude.") { key in
            switch key {
            case .id: return behaviourID
            case .items: return items
            case .direction: return ("[dx, dy] (default [0, 1]); or give angle and magnitude.", ref("vector"))
            case .angle: return angle
            case .magnitude: return ("Units of 1 000 pt/s².", number(-1e6...1e6))
            }
        }
    }

    static var collision: SchemaJSON {
        object(CollisionSpec.CodingKeys.self, "Collisions among the items and with boundaries.") { key in
            switch key {
            case .id: return behaviourID
            case .items: return items
            case .collisionMode: return ("What the items collide with.", choice(CollisionSpec.Mode.self))
            case .translatesReferenceBoundsIntoBoundary: return ("The canvas' edges are a boundary.", boolean)
            case .insets: return ("Insets of that boundary: [top, left, bottom, right].", ref("insets"))
            case .boundaries: return ("Straight boundaries.", list(ref("boundary")))
            }
        }
    }

    static var boundary: SchemaJSON {
        object(BoundarySpec.CodingKeys.self, "A straight boundary.", required: [.id, .from, .to]) { key in
            switch key {
            case .id: return ("Its identifier.", string)
            case .from: return ("One end, points.", ref("point"))
            case .to: return ("The other end, points.", ref("point"))
            }
        }
    }

    static var push: SchemaJSON {
        object(PushSpec.CodingKeys.self, "A push: magnitude 1 accelerates (or, instantaneous, moves) a 100 × 100 pt view at 100 pt/s² (100 pt/s).",
               required: [.mode]) { key in
            switch key {
            case .id: return behaviourID
            case .items: return items
            case .mode: return ("continuous or instantaneous.", choice(PushSpec.Mode.self))
            case .angle: return angle
            case .magnitude: return ("The push's strength.", number(-1e6...1e6))
            case .direction: return ("[dx, dy]; or give angle and magnitude.", ref("vector"))
            case .active: return ("Whether it pushes (default true).", boolean)
            }
        }
    }

    static var snap: SchemaJSON {
        object(SnapSpec.CodingKeys.self, "A snap of one view to a point.", required: [.item]) { key in
            switch key {
            case .id: return behaviourID
            case .item: return ("The view, by id.", ref("id"))
            case .to: return ("The point, in points (default: where the view is).", ref("point"))
            case .damping: return ("0...1 (default 0.5).", number(0...1))
            }
        }
    }

    static var attachment: SchemaJSON {
        object(AttachmentSpec.CodingKeys.self, "An attachment of one view to a point or to another view.", required: [.item]) { key in
            switch key {
            case .id: return behaviourID
            case .kind: return ("standard (a rod, or with frequency a spring), sliding, limit, fixed or pin.", choice(AttachmentSpec.Kind.self))
            case .item: return ("The view, by id.", ref("id"))
            case .to: return ("The second view, by id.", ref("id"))
            case .anchor: return ("The anchor point in points.", ref("point"))
            case .offset: return ("The attached point's offset from the view's centre.", ref("vector"))
            case .toOffset: return ("The attached point's offset from the second view's centre.", ref("vector"))
            case .axis: return ("A sliding attachment's axis, [dx, dy].", ref("vector"))
            case .length: return ("Rest length, points (default: the distance now).", number(0...DisplayListLimits.maximumExtent))
            case .frequency: return ("Hz; above 0 makes it a spring.", number(0...1_000))
            case .damping: return ("The spring's damping ratio.", number(0...1_000))
            case .frictionTorque: return ("Resistance to turning at a pin or slide.", number(0...1e6))
            }
        }
    }

    static var itemProperties: SchemaJSON {
        object(ItemPropertiesSpec.CodingKeys.self, "Physical properties of the items.") { key in
            switch key {
            case .id: return behaviourID
            case .items: return items
            case .elasticity: return ("0...1: how much speed a collision keeps.", number(0...1))
            case .friction: return ("Sliding friction.", number(0...1e6))
            case .density: return ("Mass per area (default 1).", number(1e-6...1e6))
            case .resistance: return ("Linear damping.", number(0...1e6))
            case .angularResistance: return ("Angular damping.", number(0...1e6))
            case .allowsRotation: return ("Whether the items turn.", boolean)
            case .charge: return ("Charge for electric and magnetic fields.", number(-1e6...1e6))
            case .isAnchored: return ("Fixed in place, yet in collisions.", boolean)
            }
        }
    }

    static var field: SchemaJSON {
        object(FieldSpec.CodingKeys.self, "A field acting on the items.", required: [.kind]) { key in
            switch key {
            case .id: return behaviourID
            case .kind: return ("Which field.", choice(FieldSpec.Kind.self))
            case .items: return items
            case .position: return ("The field's centre, points.", ref("point"))
            case .direction: return ("linearGravity and velocity fields: [dx, dy].", ref("vector"))
            case .strength: return ("Strength (default 1).", number(-1e6...1e6))
            case .falloff: return ("Exponent of the fall-off with distance.", number(-16...16))
            case .minimumRadius: return ("Distance below which the fall-off stops growing, points.", number(0...1e6))
            case .smoothness: return ("noise and turbulence: 0...1.", number(0...1))
            case .animationSpeed: return ("noise and turbulence: how fast the field changes.", number(0...1e6))
            case .region: return ("Where it acts (default everywhere).", object(FieldSpec.RegionKeys.self, "A circle or a rectangle about the position.") { key in
                switch key {
                case .radius: return ("A circle's radius, points.", number(0...DisplayListLimits.maximumExtent))
                case .size: return ("A rectangle's size, points.", ref("size"))
                }
            })
            }
        }
    }

    static var event: SchemaJSON {
        let actions = TimelineEventSpec.actions.map { SchemaJSON.object([("required", .array([.string($0.stringValue)]))]) }
        return object(TimelineEventSpec.CodingKeys.self, "One moment of the timeline: `at` and exactly one action.", required: [.at],
                      extra: [("oneOf", .array(actions))]) { key in
            switch key {
            case .at: return ("Seconds from the start.", number(seconds))
            case .tap: return ("A finger taps here (on the views, unless `snap` or `select`).", ref("touchPoint"))
            case .longPress: return ("A finger rests here for `duration`.", ref("touchPoint"))
            case .drag: return ("A finger moves through these points over `duration`.", ref("touchPoints"))
            case .scroll: return ("A finger scrolls this collection view along `along`.", ref("id"))
            case .insert: return ("A cell joins this collection view's Newtonian layout.", ref("id"))
            case .delete: return ("A cell of this collection view's Newtonian layout leaves (`item`).", ref("id"))
            case .add: return ("Views and behaviours join the scene.", object(TimelineEventSpec.AddKeys.self, "What to add.") { key in
                switch key {
                case .views: return ("Views, on top.", list(ref("view")))
                case .behaviours: return ("Behaviours.", list(ref("behaviour")))
                }
            })
            case .remove: return ("Views and behaviours that leave, by id.", ref("ids"))
            case .push: return ("An instantaneous push.", ref("push"))
            case .animate: return ("UIView.animate of views' properties.", ref("animation"))
            case .set: return ("Views' new values, set at once (centre or frame, isHidden, alpha, backgroundColor).", list(ref("change")))
            case .addItems: return ("Items join behaviours that hold a list (gravity, collision, push, itemProperties, field).", ref("itemsChange"))
            case .removeItems: return ("Items leave such behaviours.", ref("itemsChange"))
            case .velocity: return ("Velocity added to an item through an itemProperties behaviour holding it.", ref("velocity"))
            case .duration: return ("Seconds a tap, long press or drag lasts (tap 0.1, drag 1).", number(seconds))
            case .curve: return ("How a drag moves along its points (default easeInOut).", choice(CurveName.self))
            case .snap: return ("On the tap's lift, this view snaps to the tap, replacing its last snap.", ref("id"))
            case .carry: return ("Views whose centres, and attachments or snaps whose points, follow the finger.", ref("ids"))
            case .hold: return ("Seconds a drag's or scroll's finger rests before moving (a long press that then drags).", number(seconds))
            case .rest: return ("Seconds it rests at the end before lifting.", number(seconds))
            case .path: return ("smooth (the default: a curve through the points) or straight lines between them.", choice(TouchPathShape.self))
            case .select: return ("On the tap's lift, the cell under it in this collection view is selected (or deselected).", ref("id"))
            case .lift: return ("Once the finger has rested `hold` seconds, this draggable layout's selected cells follow it.", ref("id"))
            case .along: return ("A scroll's points.", ref("touchPoints"))
            case .item: return ("Which cell a delete removes: its number, or lowest.",
                                .object([("anyOf", .array([.object([("type", .string("integer")), ("minimum", .number(0))]), enumeration(["lowest"])]))]))
            }
        }
    }

    static var animation: SchemaJSON {
        object(AnimationSpec.CodingKeys.self, "A view animation.", required: [.duration, .views]) { key in
            switch key {
            case .duration: return ("Seconds.", number(seconds))
            case .delay: return ("Seconds before it starts.", number(seconds))
            case .curve: return ("Timing curve (default easeInOut).", choice(CurveName.self))
            case .spring: return ("A spring instead of a curve.", object(AnimationSpec.SpringKeys.self, "UIKit's spring animation.",
                                                                         required: [.dampingRatio]) { key in
                switch key {
                case .dampingRatio: return ("1 settles without overshoot.", number(0.01...1e3))
                case .initialVelocity: return ("In end-values per second.", number(-1e3...1e3))
                }
            })
            case .views: return ("The views' new values.", list(ref("change")))
            }
        }
    }

    static var change: SchemaJSON {
        object(AnimationSpec.Change.CodingKeys.self, "One view's new values.", required: [.id]) { key in
            switch key {
            case .id: return ("The view, by id.", string)
            case .alpha: return ("Opacity, 0...1.", number(0...1))
            case .center: return ("Centre, points.", ref("point"))
            case .frame: return ("Frame, points.", ref("frame"))
            case .backgroundColor: return ("Fill colour.", ref("color"))
            case .isHidden: return ("Shown or hidden (in a 'set' event only: it does not animate).", boolean)
            }
        }
    }
}
