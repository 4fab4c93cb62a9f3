import Foundation
import DynRenderGeometry
import DynRenderPixels
import DynRenderDisplayList
import DynRenderDynamics
import DynRenderImages
import DynRenderScene
import DynRenderCollectionViews

/// Builds a scene file's views, behaviours and timeline into a `Scene`, in the order written:
/// views first (each with its subviews), then behaviours, then the timeline's events. Every name
/// is resolved before anything is added, so a wrong id fails before the scene changes.
struct SceneBuilder {
    let model: SceneFileModel
    let root: SceneNode
    let file: String
    let paths: FilePathPolicy

    /// Views by id, and behaviours by id, as the file defines them (timeline additions included).
    private var views: [String: View] = [:]
    private var viewOrder: [String] = []
    private var behaviourIDs: Set<String> = []
    /// What kind of behaviour each id names (`attachment`, `snap`…).
    private var behaviourKinds: [String: String] = [:]

    init(model: SceneFileModel, root: SceneNode, file: String, paths: FilePathPolicy) {
        self.model = model
        self.root = root
        self.file = file
        self.paths = paths
    }

    func error(_ path: [String], _ message: String) -> SceneFileError {
        SceneFileError(file: file, mark: root.mark(at: path), path: path, message: message)
    }

    /// Makes every view and checks every name and picture; then fills `scene`.
    mutating func build(into scene: Scene) throws {
        if let background = model.canvas.backgroundImage {
            scene.backgroundImage = .file(try picture(background, at: ["canvas", "backgroundImage"]).path)
        }
        scene.background = model.canvas.background.rgba
        let topLevel = try model.views.enumerated().map { try makeView($1, at: ["views", String($0)]) }
        var added: [Int: [View]] = [:]
        for (index, event) in model.timeline.enumerated() {
            if case let .add(specs, _) = event.action {
                added[index] = try specs.enumerated().map { try makeView($1, at: ["timeline", String(index), "add", "views", String($0)]) }
            }
        }
        for (index, behaviour) in model.behaviours.enumerated() { try register(behaviour, at: ["behaviours", String(index)]) }
        for (index, event) in model.timeline.enumerated() {
            if case let .add(_, behaviours) = event.action {
                for (b, behaviour) in behaviours.enumerated() { try register(behaviour, at: ["timeline", String(index), "add", "behaviours", String(b)]) }
            }
        }
        // Every reference resolved up front.
        let behaviours = try model.behaviours.enumerated().map { try makeBehaviour($1, at: ["behaviours", String($0)]) }
        var timeline: [(TimelineEventSpec, [DynamicBehavior])] = []
        for (index, event) in model.timeline.enumerated() {
            var made: [DynamicBehavior] = []
            if case let .add(_, specs) = event.action {
                made = try specs.enumerated().map { try makeBehaviour($1, at: ["timeline", String(index), "add", "behaviours", String($0)]) }
            }
            if case let .push(spec) = event.action { made = [try makeBehaviour(.push(spec), at: ["timeline", String(index), "push"])] }
            try checkReferences(of: event, at: ["timeline", String(index)])
            timeline.append((event, made))
        }
        try checkNewtonianCounts()

        for view in topLevel { scene.addSubview(view) }
        for behaviour in behaviours { scene.animator.addBehavior(behaviour) }
        var behavioursByID: [String: DynamicBehavior] = [:]
        for (spec, behaviour) in zip(model.behaviours, behaviours) { if let id = spec.id { behavioursByID[id] = behaviour } }
        let state = TimelineState(views: views, behaviours: behavioursByID)
        for (index, (event, made)) in timeline.enumerated() {
            schedule(event, made: made, addedViews: added[index] ?? [], state: state, in: scene)
        }
    }

    private func picture(_ path: String, at keyPath: [String]) throws -> URL {
        let url: URL
        do { url = try paths.resolve(path) } catch let refused as FilePathPolicyError { throw error(keyPath, refused.description) }
        do {
            _ = try PNGReader.decode(try ImageLibrary.readFile(url.path, name: path))
        } catch {
            throw self.error(keyPath, "\(error)")
        }
        return url
    }

    private mutating func makeView(_ spec: ViewSpec, at path: [String]) throws -> View {
        let view: View
        switch spec.type {
        case .view:
            view = View(frame: spec.frame)
        case .label:
            let label = Label(frame: spec.frame, text: spec.text)
            if let font = spec.font { label.font = font.font }
            if let color = spec.textColor { label.textColor = color }
            if let alignment = spec.textAlignment { label.textAlignment = alignment.alignment }
            if let lines = spec.numberOfLines { label.numberOfLines = lines }
            view = label
        case .button:
            let button = Button(frame: spec.frame, title: spec.text)
            if let font = spec.font { button.titleLabel?.font = font.font }
            if let color = spec.textColor { button.titleColor = color }
            view = button
        case .image:
            let url = try picture(spec.image ?? "", at: path + ["image"])
            let imageView = ImageView(frame: spec.frame, contentsOfFile: url.path)
            if let mode = spec.contentMode { imageView.contentMode = mode.mode }
            view = imageView
        case .collectionView:
            let cell = spec.cell ?? CellSpec()
            view = CollectionView(frame: spec.frame, collectionViewLayout: (spec.layout ?? LayoutSpec(kind: .flow)).makeLayout(),
                                  itemCounts: spec.items?.counts ?? [0]) { path, selected in cell.appearance(path, selected: selected) }
        }
        if let color = spec.backgroundColor { view.backgroundColor = color }
        if let radius = spec.cornerRadius { view.cornerRadius = radius }
        if let width = spec.borderWidth { view.border = Border(width: width, color: (spec.borderColor ?? .black).rgba) }
        else if spec.borderColor != nil { throw error(path + ["borderColor"], "a border colour needs a 'borderWidth'") }
        if let shadow = spec.shadow { view.shadow = shadow.shadow }
        if let alpha = spec.alpha { view.alpha = alpha }
        if let clips = spec.clipsToBounds { view.clipsToBounds = clips }
        if let hidden = spec.isHidden { view.isHidden = hidden }
        if let id = spec.id {
            guard views[id] == nil else { throw error(path + ["id"], "duplicate id '\(id)'") }
            views[id] = view
            viewOrder.append(id)
        }
        for (index, sub) in spec.subviews.enumerated() { view.addSubview(try makeView(sub, at: path + ["subviews", String(index)])) }
        return view
    }

    private mutating func register(_ behaviour: BehaviourSpec, at path: [String]) throws {
        guard let id = behaviour.id else { return }
        guard views[id] == nil, behaviourIDs.insert(id).inserted else {
            throw error(path + [Self.kindKey(behaviour), "id"], "duplicate id '\(id)'")
        }
        behaviourKinds[id] = Self.kindKey(behaviour)
    }

    private static func kindKey(_ behaviour: BehaviourSpec) -> String {
        switch behaviour {
        case .gravity: return "gravity"
        case .collision: return "collision"
        case .push: return "push"
        case .snap: return "snap"
        case .attachment: return "attachment"
        case .itemProperties: return "itemProperties"
        case .field: return "field"
        }
    }

    func view(_ reference: ViewReference) throws -> View {
        guard let view = views[reference.id] else {
            let known = viewOrder.isEmpty ? "no views have ids" : "ids: \(viewOrder.joined(separator: ", "))"
            throw error(reference.path, "no view with id '\(reference.id)' (\(known))")
        }
        return view
    }

    private func items(_ references: [ViewReference]) throws -> [DynamicItem] { try references.map(view) }

    func makeBehaviour(_ spec: BehaviourSpec, at path: [String]) throws -> DynamicBehavior {
        switch spec {
        case let .gravity(s):
            let gravity = GravityBehavior(items: try items(s.items))
            if let direction = s.direction { gravity.gravityDirection = direction }
            Self.setAngle(s.angle, magnitude: s.magnitude, angle: { gravity.angle }, magnitudeNow: { gravity.magnitude },
                          set: gravity.setAngle)
            return gravity
        case let .collision(s):
            let collision = CollisionBehavior(items: try items(s.items))
            switch s.collisionMode {
            case .everything: collision.collisionMode = .everything
            case .items: collision.collisionMode = .items
            case .boundaries: collision.collisionMode = .boundaries
            }
            if let insets = s.insets { collision.setTranslatesReferenceBoundsIntoBoundary(with: insets) }
            else if s.translatesReferenceBoundsIntoBoundary { collision.translatesReferenceBoundsIntoBoundary = true }
            for boundary in s.boundaries { collision.addBoundary(withIdentifier: boundary.id, from: boundary.from, to: boundary.to) }
            return collision
        case let .push(s):
            let push = PushBehavior(items: try items(s.items), mode: s.mode == .continuous ? .continuous : .instantaneous)
            if let direction = s.direction { push.pushDirection = direction }
            Self.setAngle(s.angle, magnitude: s.magnitude, angle: { push.angle }, magnitudeNow: { push.magnitude }, set: push.setAngle)
            push.active = s.active
            return push
        case let .snap(s):
            let item = try view(s.item)
            let snap = SnapBehavior(item: item, snapTo: s.to ?? item.center)
            if let damping = s.damping { snap.damping = damping }
            return snap
        case let .attachment(s):
            return try attachment(s)
        case let .itemProperties(s):
            let properties = DynamicItemBehavior(items: try items(s.items))
            if let v = s.elasticity { properties.elasticity = v }
            if let v = s.friction { properties.friction = v }
            if let v = s.density { properties.density = v }
            if let v = s.resistance { properties.resistance = v }
            if let v = s.angularResistance { properties.angularResistance = v }
            if let v = s.charge { properties.charge = v }
            if let v = s.allowsRotation { properties.allowsRotation = v }
            if let v = s.isAnchored { properties.isAnchored = v }
            return properties
        case let .field(s):
            return try field(s)
        }
    }

    /// UIKit's `setAngle(_:magnitude:)` when both are given; one alone keeps the other.
    private static func setAngle(_ angle: Double?, magnitude: Double?, angle now: () -> CGFloat, magnitudeNow: () -> CGFloat,
                                 set: (CGFloat, CGFloat) -> Void) {
        guard angle != nil || magnitude != nil else { return }
        set(angle.map { CGFloat($0) } ?? now(), magnitude.map { CGFloat($0) } ?? magnitudeNow())
    }

    private func attachment(_ s: AttachmentSpec) throws -> AttachmentBehavior {
        let item = try view(s.item)
        let offset = Offset(horizontal: s.offset?.dx ?? 0, vertical: s.offset?.dy ?? 0)
        let toOffset = Offset(horizontal: s.toOffset?.dx ?? 0, vertical: s.toOffset?.dy ?? 0)
        let behaviour: AttachmentBehavior
        switch s.kind {
        case .standard:
            if let anchor = s.anchor {
                behaviour = s.offset == nil ? AttachmentBehavior(item: item, attachedToAnchor: anchor)
                    : AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
            } else {
                let other = try view(s.to!)
                behaviour = s.offset == nil && s.toOffset == nil ? AttachmentBehavior(item: item, attachedTo: other)
                    : AttachmentBehavior(item: item, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: toOffset)
            }
        case .sliding:
            if let to = s.to {
                behaviour = .slidingAttachment(with: item, attachedTo: try view(to), attachmentAnchor: s.anchor!, axisOfTranslation: s.axis!)
            } else {
                behaviour = .slidingAttachment(with: item, attachmentAnchor: s.anchor!, axisOfTranslation: s.axis!)
            }
        case .limit:
            behaviour = .limitAttachment(with: item, offsetFromCenter: offset, attachedTo: try view(s.to!), offsetFromCenter: toOffset)
        case .fixed:
            behaviour = .fixedAttachment(with: item, attachedTo: try view(s.to!), attachmentAnchor: s.anchor!)
        case .pin:
            behaviour = .pinAttachment(with: item, attachedTo: try view(s.to!), attachmentAnchor: s.anchor!)
        }
        if let v = s.length { behaviour.length = v }
        if let v = s.frequency { behaviour.frequency = v }
        if let v = s.damping { behaviour.damping = v }
        if let v = s.frictionTorque { behaviour.frictionTorque = v }
        return behaviour
    }

    private func field(_ s: FieldSpec) throws -> FieldBehavior {
        let field: FieldBehavior
        switch s.kind {
        case .linearGravity: field = .linearGravityField(direction: s.direction ?? CGVector(dx: 0, dy: 1))
        case .radialGravity: field = .radialGravityField(position: s.position ?? .zero)
        case .spring: field = .springField()
        case .drag: field = .dragField()
        case .velocity: field = .velocityField(direction: s.direction ?? .zero)
        case .vortex: field = .vortexField()
        case .noise: field = .noiseField(smoothness: s.smoothness ?? 0, animationSpeed: s.animationSpeed ?? 0)
        case .turbulence: field = .turbulenceField(smoothness: s.smoothness ?? 0, animationSpeed: s.animationSpeed ?? 0)
        case .electric: field = .electricField()
        case .magnetic: field = .magneticField()
        }
        if let position = s.position { field.position = position }
        if let v = s.strength { field.strength = v }
        if let v = s.falloff { field.falloff = v }
        if let v = s.minimumRadius { field.minimumRadius = v }
        if let radius = s.regionRadius { field.region = Region(radius: radius) }
        if let size = s.regionSize { field.region = Region(size: size) }
        for item in try items(s.items) { field.addItem(item) }
        return field
    }

    private func checkReferences(of event: TimelineEventSpec, at path: [String]) throws {
        if let snap = event.snap { _ = try view(snap) }
        for reference in event.carry where views[reference.id] == nil {
            guard let kind = behaviourKinds[reference.id] else {
                throw error(reference.path, "no view or attachment with id '\(reference.id)'")
            }
            guard kind == "attachment" || kind == "snap" else {
                throw error(reference.path, "'\(reference.id)' is a \(kind) behaviour; a finger carries views, attachments' anchors and snap points")
            }
        }
        if let select = event.select { _ = try collectionView(select) }
        if let lift = event.lift {
            guard try collectionView(lift).collectionViewLayout is LiftingDragLayout else {
                throw error(lift.path, "'\(lift.id)' does not have a draggable layout; only that lifts its selected cells")
            }
        }
        var points = event.along
        switch event.action {
        case let .tap(point), let .longPress(point): points.append(point)
        case let .drag(list): points += list
        default: break
        }
        for point in points {
            guard case let .cell(indexPath, reference, _) = point.target else { continue }
            let collection = try collectionView(reference)
            let count = indexPath.section < collection.numberOfSections ? collection.numberOfItems(inSection: indexPath.section) : 0
            guard indexPath.item < count else {
                throw error(reference.path.dropLast() + ["cell"], "'\(reference.id)' has no cell \(indexPath.item) in section \(indexPath.section) (it has \(count))")
            }
        }
        switch event.action {
        case let .remove(references):
            for reference in references where views[reference.id] == nil && !behaviourIDs.contains(reference.id) {
                throw error(reference.path, "no view or behaviour with id '\(reference.id)'")
            }
        case let .animate(animation):
            for change in animation.views { _ = try view(change.view) }
        case let .set(changes):
            for change in changes { _ = try view(change.view) }
        case let .addItems(change), let .removeItems(change):
            for reference in change.behaviours { try behaviour(reference, of: Self.itemListKinds) }
            for item in change.items { _ = try view(item) }
        case let .velocity(spec):
            try behaviour(spec.behaviour, of: ["itemProperties"])
            _ = try view(spec.item)
        case let .scroll(reference):
            _ = try collectionView(reference)
        case let .insert(reference), let .delete(reference):
            guard try collectionView(reference).collectionViewLayout is NewtonianLayout else {
                throw error(reference.path, "'\(reference.id)' does not have a Newtonian layout; only that adds and deletes cells on the timeline")
            }
        default:
            break
        }
    }

    /// The behaviours that hold a list of items (`addItems` and `removeItems` change it).
    static let itemListKinds = ["gravity", "collision", "push", "itemProperties", "field"]

    /// Checks that `reference` names a behaviour of one of `kinds`.
    private func behaviour(_ reference: ViewReference, of kinds: [String]) throws {
        guard let kind = behaviourKinds[reference.id] else {
            let known = behaviourKinds.keys.sorted()
            throw error(reference.path, "no behaviour with id '\(reference.id)' (\(known.isEmpty ? "no behaviours have ids" : "ids: " + known.joined(separator: ", ")))")
        }
        guard kinds.contains(kind) else {
            throw error(reference.path, "'\(reference.id)' is a \(kind) behaviour; this takes \(kinds.joined(separator: ", "))")
        }
    }

    /// The collection view `reference` names, or an error saying what it is instead.
    func collectionView(_ reference: ViewReference) throws -> CollectionView {
        guard let collection = try view(reference) as? CollectionView else {
            throw error(reference.path, "'\(reference.id)' is not a collection view")
        }
        return collection
    }

    /// Follows each Newtonian collection view's count of cells through the timeline, in time
    /// order: an insert past the layout's maximum, or a delete of a cell that is not there, is
    /// an error before anything runs.
    private func checkNewtonianCounts() throws {
        var counts: [String: Int] = [:]
        let order = model.timeline.indices.sorted { (model.timeline[$0].at, $0) < (model.timeline[$1].at, $1) }
        for index in order {
            let event = model.timeline[index]
            switch event.action {
            case let .insert(reference):
                guard let layout = views[reference.id].flatMap({ ($0 as? CollectionView)?.collectionViewLayout as? NewtonianLayout }) else { continue }
                let count = counts[reference.id, default: (views[reference.id] as? CollectionView)?.numberOfItems(inSection: 0) ?? 0] + 1
                guard count <= layout.maximumItemCount else {
                    throw error(["timeline", String(index), "insert"], "the Newtonian layout holds at most \(layout.maximumItemCount) cells; this insert would make \(count)")
                }
                counts[reference.id] = count
            case let .delete(reference):
                guard views[reference.id].flatMap({ ($0 as? CollectionView)?.collectionViewLayout as? NewtonianLayout }) != nil else { continue }
                let count = counts[reference.id, default: (views[reference.id] as? CollectionView)?.numberOfItems(inSection: 0) ?? 0]
                var fits = count > 0
                if case let .number(item) = event.item { fits = item < count }
                guard fits else {
                    throw error(["timeline", String(index), "item"], "'\(reference.id)' has \(count) cells then; there is no cell to delete")
                }
                counts[reference.id] = count - 1
            default:
                break
            }
        }
    }
}

extension ContentModeName {
    var mode: ContentMode {
        switch self {
        case .scaleToFill: return .scaleToFill
        case .scaleAspectFit: return .scaleAspectFit
        case .scaleAspectFill: return .scaleAspectFill
        case .center: return .center
        }
    }
}
