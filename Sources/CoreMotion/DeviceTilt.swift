import DynRenderUIKit
import DynRenderGeometry
import Foundation

/// The scripted device's tilt over a scene's time: where gravity points in the device's axes.
/// It starts upright in portrait, gravity (0, −1, 0) (down the screen), and each tilt turns it
/// from wherever it is to a new direction over a duration, along the great circle between the
/// two at an even angular speed.
struct DeviceTilt {
    struct Move {
        let start: TimeInterval
        let duration: TimeInterval
        let target: CMAcceleration
    }

    static let upright = CMAcceleration(x: 0, y: -1, z: 0)
    var moves: [Move] = []
    /// The orientation last posted in `UIDevice.orientationDidChangeNotification`.
    var reported = UIDevice.Orientation.portrait

    func gravity(at time: TimeInterval) -> CMAcceleration {
        // Each move starts from where the device was when it began: an earlier move still under
        // way is cut short there.
        let begun = moves.filter { $0.start <= time }
        var current = Self.upright
        for (index, move) in begun.enumerated() {
            let until = index + 1 < begun.count ? begun[index + 1].start : time
            let progress = move.duration > 0 ? min((until - move.start) / move.duration, 1) : 1
            current = Self.turn(from: current, to: move.target, by: progress)
        }
        return current
    }

    /// The unit vector `progress` (0…1) of the way from `a` to `b` along the great circle.
    static func turn(from a: CMAcceleration, to b: CMAcceleration, by progress: Double) -> CMAcceleration {
        let dot = a.x * b.x + a.y * b.y + a.z * b.z
        let cross = CMAcceleration(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
        let s = (cross.x * cross.x + cross.y * cross.y + cross.z * cross.z).squareRoot()
        // Libm-free, so a render's readings are the same on every machine.
        let angle = DeterministicMath.atan2(s, dot)
        guard angle > 1e-12, progress < 1 else { return progress >= 1 ? b : a }
        guard s > 1e-12 else {
            // Opposite directions: any great circle will do; turn through the screen's normal
            // (or x when the turn is about z itself).
            let axis = abs(a.z) < 0.9 ? CMAcceleration(x: 0, y: 0, z: 1) : CMAcceleration(x: 1, y: 0, z: 0)
            let (d, c) = DeterministicMath.sinCos(angle * progress)
            return CMAcceleration(x: a.x * c + axis.x * d, y: a.y * c + axis.y * d, z: a.z * c + axis.z * d)
        }
        let wa = DeterministicMath.sin((1 - progress) * angle) / s, wb = DeterministicMath.sin(progress * angle) / s
        return CMAcceleration(x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z)
    }
}

/// Each scene's scripted device, by the scene's identity (held weakly).
private final class DeviceTilts: @unchecked Sendable {
    static let shared = DeviceTilts()
    private let lock = NSLock()
    private var tilts: [ObjectIdentifier: (scene: WeakScene, tilt: DeviceTilt)] = [:]

    struct WeakScene { weak var scene: Scene? }

    func update(_ scene: Scene, _ change: (inout DeviceTilt) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        tilts = tilts.filter { $0.value.scene.scene != nil }
        var entry = tilts[ObjectIdentifier(scene)] ?? (WeakScene(scene: scene), DeviceTilt())
        change(&entry.tilt)
        tilts[ObjectIdentifier(scene)] = entry
    }

    func tilt(of scene: Scene) -> DeviceTilt {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = tilts[ObjectIdentifier(scene)], entry.scene.scene === scene else { return DeviceTilt() }
        return entry.tilt
    }
}

extension Scene {
    /// Tilts the scripted device that Core Motion reads: from `start` seconds, over `duration`
    /// seconds, gravity turns from where it points then to `gravity` (device axes: x right, y up
    /// the screen, z out of it; normalised). The device starts upright in portrait, (0, −1, 0);
    /// lying flat face up is (0, 0, −1); turned with its right edge down, (1, 0, 0).
    ///
    /// ```swift
    /// scene.tiltDevice(to: CMAcceleration(x: 0.7, y: -0.7, z: 0), at: 1, duration: 0.5)
    /// ```
    public func tiltDevice(to gravity: CMAcceleration, at start: TimeInterval, duration: TimeInterval = 0) {
        let length = (gravity.x * gravity.x + gravity.y * gravity.y + gravity.z * gravity.z).squareRoot()
        precondition(length.isFinite && length > 0, "Scene.tiltDevice: gravity must be a finite, non-zero vector, not \(gravity)")
        precondition(start.isFinite && start >= 0 && duration.isFinite && duration >= 0,
                     "Scene.tiltDevice: start and duration must be finite and at least zero")
        let unit = CMAcceleration(x: gravity.x / length, y: gravity.y / length, z: gravity.z / length)
        // UIDevice's orientation reads the same script.
        UIDevice.gravity = { scene, time in
            let g = scene.deviceGravity(at: time)
            return (g.x, g.y, g.z)
        }
        DeviceTilts.shared.update(self) { tilt in
            tilt.moves.append(.init(start: start, duration: duration, target: unit))
            tilt.moves.sort { $0.start < $1.start }
        }
        // UIKit posts UIDevice.orientationDidChangeNotification when the held orientation
        // changes: look every 1/60 s while this tilt turns, and once at its end.
        let checks = Int((duration * 60).rounded(.up))
        for index in 0...checks {
            at(start + min(Double(index) / 60, duration)) { [unowned self] in self.postOrientationIfChanged() }
        }
    }

    /// Posts the orientation notification if the device's orientation now differs from the
    /// last one posted (portrait at first).
    private func postOrientationIfChanged() {
        let g = deviceGravity(at: time)
        let now = UIDevice.Orientation(gravity: (g.x, g.y, g.z))
        var changed = false
        DeviceTilts.shared.update(self) { tilt in
            changed = tilt.reported != now
            tilt.reported = now
        }
        if changed {
            NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: UIDevice.current)
        }
    }

    /// Gravity in the scripted device's axes at `time`, g.
    public func deviceGravity(at time: TimeInterval) -> CMAcceleration {
        DeviceTilts.shared.tilt(of: self).gravity(at: time)
    }
}
