import Foundation
import DynRenderGeometry
import DynRenderDynamics
import DynRenderScene

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
        case let .tap(point):
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
        case let .longPress(point):
            touch(event, along: .stay(at: point), duration: event.duration ?? 0.5, state: state, in: scene)
        case let .drag(points):
            touch(event, along: .through(points, curve: (event.curve ?? .easeInOut).curve), duration: event.duration ?? 1,
                  state: state, in: scene)
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
                        guard let view = state.views[change.view.id] else { continue }
                        if let alpha = change.alpha { view.alpha = alpha }
                        if let center = change.center { view.center = center }
                        if let frame = change.frame { view.frame = frame }
                        if let color = change.backgroundColor { view.backgroundColor = color }
                    }
                })
            }
        }
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
