import Foundation
import DynRenderGeometry
import DynRenderDynamics
import DynRenderScene
import DynRenderCollectionViews

/// What the timeline's events share while the scene runs: views and behaviours by id (those the
/// timeline adds join when they are added), and the snap each tap last made for each view.
final class TimelineState {
    var views: [String: View]
    var behaviours: [String: DynamicBehavior]
    var lastSnap: [ObjectIdentifier: SnapBehavior] = [:]

    init(views: [String: View], behaviours: [String: DynamicBehavior]) {
        self.views = views
        self.behaviours = behaviours
    }
}

extension SceneBuilder {
    /// Puts one event on `scene`'s timeline. `made` are the behaviours an `add` or `push` adds,
    /// built already; `addedViews` the views an `add` adds.
    func schedule(_ event: TimelineEventSpec, made: [DynamicBehavior], addedViews: [View], state: TimelineState, in scene: Scene) {
        let time = event.at
        switch event.action {
        case let .tap(target):
            let point = location(target, state: state)
            if let reference = event.select, let collection = state.views[reference.id] as? CollectionView {
                // An app's tap handler: on lifting, the cell under the finger is selected, or
                // deselected when it was.
                let handler: (TouchEvent) -> Void = { touch in
                    guard touch.state == .ended,
                          let path = collection.indexPathForItem(at: collection.contentPoint(fromScene: touch.location)) else { return }
                    if collection.isSelected(path) { collection.deselectItem(at: path) } else { collection.selectItem(at: path) }
                }
                if let duration = event.duration {
                    scene.touch(at: time, duration: duration, along: .stay(at: point), handler: handler)
                } else {
                    scene.tap(at: point, time: time, handler: handler)
                }
                return
            }
            guard let reference = event.snap, let item = state.views[reference.id] else {
                scene.tap(at: point, time: time, duration: event.duration ?? 0.1)
                return
            }
            // An app's tap handler: on lifting, the view snaps to the tap, replacing its last snap.
            let handler: (TouchEvent) -> Void = { [unowned scene] touch in
                guard touch.state == .ended else { return }
                if let previous = state.lastSnap[ObjectIdentifier(item)] { scene.animator.removeBehavior(previous) }
                let snap = SnapBehavior(item: item, snapTo: touch.location)
                scene.animator.addBehavior(snap)
                state.lastSnap[ObjectIdentifier(item)] = snap
            }
            if let duration = event.duration {
                scene.touch(at: time, duration: duration, along: .stay(at: point), handler: handler)
            } else {
                scene.tap(at: point, time: time, handler: handler)
            }
        case let .longPress(target):
            touch(event, along: .stay(at: location(target, state: state)), duration: event.duration ?? 0.5, state: state, in: scene)
        case let .drag(targets):
            let (path, duration) = fingerPath(event, through: targets, state: state)
            if let reference = event.lift, let collection = state.views[reference.id] as? CollectionView,
               let layout = collection.collectionViewLayout as? LiftingDragLayout {
                // An app's long-press handler: once the finger has rested `hold` seconds the
                // selected cells lift, follow it, and spring home when it lifts.
                let lifted = time + (event.hold ?? 0)
                scene.touch(at: time, duration: duration, along: path) { touch in
                    let content = collection.contentPoint(fromScene: touch.location)
                    switch touch.state {
                    case .changed where touch.time >= lifted - 1e-9:
                        if layout.isDragging { layout.updateDragging(to: content) } else { layout.beginDragging(at: content) }
                    case .ended:
                        layout.endDragging()
                    default:
                        break
                    }
                }
                return
            }
            touch(event, along: path, duration: duration, state: state, in: scene)
        case let .scroll(reference):
            guard let collection = state.views[reference.id] as? CollectionView else { return }
            let (path, duration) = fingerPath(event, through: event.along, state: state)
            scene.scroll(collection, at: time, duration: duration, along: path)
        case let .insert(reference):
            guard let layout = (state.views[reference.id] as? CollectionView)?.collectionViewLayout as? NewtonianLayout else { return }
            // The counts were checked when the scene was built.
            scene.at(time) { try? layout.insertItem() }
        case let .delete(reference):
            guard let collection = state.views[reference.id] as? CollectionView,
                  let layout = collection.collectionViewLayout as? NewtonianLayout else { return }
            let item = event.item
            scene.at(time) {
                switch item {
                case let .number(number)?:
                    try? layout.deleteItem(at: number)
                case .lowest?, nil:
                    let cells = (0..<collection.numberOfItems(inSection: 0)).compactMap {
                        collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
                    }
                    guard let lowest = cells.max(by: { $0.center.y < $1.center.y }) else { return }
                    try? layout.deleteItem(at: lowest.indexPath.item)
                }
            }
        case .add:
            let behaviourIDs = eventBehaviourIDs(event)
            scene.at(time) { [unowned scene] in
                for view in addedViews { scene.addSubview(view) }
                for (behaviour, id) in zip(made, behaviourIDs) {
                    scene.animator.addBehavior(behaviour)
                    if let id { state.behaviours[id] = behaviour }
                }
            }
        case let .remove(references):
            scene.at(time) { [unowned scene] in
                for reference in references {
                    if let behaviour = state.behaviours[reference.id] { scene.animator.removeBehavior(behaviour) }
                    if let view = state.views[reference.id] { view.removeFromSuperview() }
                }
            }
        case .push:
            // Built with the scene (its items are known), given its impulse when it is added.
            scene.at(time) { [unowned scene] in
                for push in made { scene.animator.addBehavior(push) }
            }
        case let .animate(animation):
            scene.at(time) { [unowned scene] in
                scene.animate(withDuration: animation.duration, delay: animation.delay, curve: animation.curve, animations: {
                    for change in animation.views {
                        if let view = state.views[change.view.id] { change.apply(to: view) }
                    }
                })
            }
        case let .set(changes):
            scene.at(time) {
                for change in changes {
                    if let view = state.views[change.view.id] { change.apply(to: view) }
                }
            }
        case let .addItems(change), let .removeItems(change):
            let adding = if case .addItems = event.action { true } else { false }
            scene.at(time) {
                for reference in change.behaviours {
                    guard let behaviour = state.behaviours[reference.id] as? ItemListBehavior else { continue }
                    for item in change.items {
                        guard let view = state.views[item.id] else { continue }
                        if adding { behaviour.addItem(view) } else { behaviour.removeItem(view) }
                    }
                }
            }
        case let .velocity(spec):
            scene.at(time) {
                guard let behaviour = state.behaviours[spec.behaviour.id] as? DynamicItemBehavior,
                      let item = state.views[spec.item.id] else { return }
                if let linear = spec.linear { behaviour.addLinearVelocity(CGPoint(x: linear.dx, y: linear.dy), for: item) }
                if let angular = spec.angular { behaviour.addAngularVelocity(angular, for: item) }
            }
        }
    }

    /// Where a finger goes, in the scene: the point, or the named cell's centre (moved by its
    /// offset) as the scene is built.
    func location(_ target: TouchPointSpec, state: TimelineState) -> CGPoint {
        switch target.target {
        case let .point(point):
            return point
        case let .cell(indexPath, reference, offset):
            return (state.views[reference.id] as? CollectionView)?.sceneCenter(ofItem: indexPath, offset: offset) ?? .zero
        }
    }

    /// A drag's or scroll's path through `targets`, smooth or straight and paced by its curve,
    /// with the finger resting `hold` seconds before and `rest` after; and how long the finger is
    /// down in all.
    private func fingerPath(_ event: TimelineEventSpec, through targets: [TouchPointSpec], state: TimelineState) -> (TouchPath, Double) {
        let points = targets.map { location($0, state: state) }
        let curve = (event.curve ?? .easeInOut).curve
        let path: TouchPath = event.path == .straight ? .straight(through: points, curve: curve) : .through(points, curve: curve)
        let moving = event.duration ?? 1
        guard event.hold != nil || event.rest != nil else { return (path, moving) }
        let (before, after) = (event.hold ?? 0, event.rest ?? 0)
        return (path.timed(holdingBefore: before, moving: moving, holdingAfter: after), before + moving + after)
    }

    /// The ids of the behaviours an `add` event adds, in order (nil for those without).
    private func eventBehaviourIDs(_ event: TimelineEventSpec) -> [String?] {
        guard case let .add(_, specs) = event.action else { return [] }
        return specs.map(\.id)
    }

    /// A finger held or moved for `duration`: on the views, or, with `carry`, moving the named
    /// views' centres and the named attachments' anchors and snaps' points with it.
    private func touch(_ event: TimelineEventSpec, along path: TouchPath, duration: Double, state: TimelineState, in scene: Scene) {
        guard !event.carry.isEmpty else {
            scene.touch(at: event.at, duration: duration, along: path)
            return
        }
        let carried = event.carry.map(\.id)
        scene.touch(at: event.at, duration: duration, along: path) { touch in
            for id in carried {
                if let attachment = state.behaviours[id] as? AttachmentBehavior { attachment.anchorPoint = touch.location }
                if let snap = state.behaviours[id] as? SnapBehavior { snap.snapPoint = touch.location }
                if let view = state.views[id] { view.center = touch.location }
            }
        }
    }
}
