import CoreMotion
import DynRenderUIKit
import Testing

// A tilt game as apps write one: gravity follows the accelerometer.
final class TiltBox {
    let ball = UIView(frame: CGRect(x: 175, y: 400, width: 40, height: 40))
    let animator: UIDynamicAnimator
    let gravity: UIGravityBehavior
    let motion = CMMotionManager()
    var readings: [(time: Double, acceleration: CMAcceleration)] = []

    init(in root: UIView) {
        root.addSubview(ball)
        animator = UIDynamicAnimator(referenceView: root)
        gravity = UIGravityBehavior(items: [ball])
        let walls = UICollisionBehavior(items: [ball])
        walls.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(walls)
    }

    func start() {
        motion.accelerometerUpdateInterval = 0.25
        motion.startAccelerometerUpdates(to: OperationQueue.main) { [unowned self] data, _ in
            guard let a = data?.acceleration else { return }
            readings.append((data!.timestamp, a))
            gravity.gravityDirection = CGVector(dx: a.x, dy: -a.y)
        }
    }
}

// Serialized: the orientation notification goes through the default centre with the one
// `UIDevice.current`, as in UIKit, so a listener hears every scene's turns. Run beside the tilt
// game's test, the orientation test heard that game's turn too (once, under AddressSanitizer).
@Suite(.serialized) struct CoreMotionSnippet {
    /// Readings every 0.25 s: gravity down the screen while upright, turning at an even
    /// angular speed to the right edge (1, 0, 0) between 1 and 1.5 s (so at 1.25 s it is 45°
    /// round, where `UIDevice` turns to landscape); the ball then rolls to the right wall and
    /// rests against it.
    @Test func gravityFollowsTheScriptedTilt() throws {
        let host = Host()
        let box = TiltBox(in: host.root)
        host.scene.at(0) { box.start() }
        host.scene.tiltDevice(to: CMAcceleration(x: 1, y: 0, z: 0), at: 1, duration: 0.5)
        var orientations: [UIDeviceOrientation] = []
        for time in [0.5, 1.2, 1.3, 3] { host.scene.at(time) { orientations.append(UIDevice.current.orientation) } }
        host.run(to: 4)
        #expect(orientations == [.portrait, .portrait, .landscapeRight, .landscapeRight], "turning past 45° at 1.25 s")
        #expect(box.readings.map(\.time) == stride(from: 0.25, through: 4, by: 0.25).map { $0 })
        func near(_ a: CMAcceleration, _ x: Double, _ y: Double) -> Bool { abs(a.x - x) < 1e-12 && abs(a.y - y) < 1e-12 && a.z == 0 }
        let reading = Dictionary(uniqueKeysWithValues: box.readings.map { ($0.time, $0.acceleration) })
        #expect(near(try #require(reading[0.75]), 0, -1))
        #expect(near(try #require(reading[1.25]), 0.5.squareRoot(), -(0.5.squareRoot())), "\(reading[1.25]!)")
        #expect(near(try #require(reading[2]), 1, 0))
        #expect(abs(box.ball.center.x - (390 - 20)) < 0.5, "resting on the right wall: \(box.ball.center)")
        #expect(abs(box.ball.center.y - (844 - 20)) < 0.5, "and on the floor it fell to first: \(box.ball.center)")
    }
}

// Apps that turn gravity with the interface listen for the orientation notification.
final class OrientationListener {
    var heard: [(time: Double, orientation: UIDeviceOrientation)] = []
    var token: NSObjectProtocol?

    func listen(_ scene: Scene) {
        token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { [unowned self] note in
            guard let device = note.object as? UIDevice else { return }
            heard.append((scene.time, device.orientation))
        }
    }

    deinit { token.map(NotificationCenter.default.removeObserver) }
}

extension CoreMotionSnippet {
    /// A turn to the right edge and back: one notification as the turn passes 45° (1.25 s,
    /// seen within the 1/60 s the script looks every), one as the way back passes it (3.25 s),
    /// none while the device stays put.
    @Test func orientationChangesArePostedOnce() {
        let host = Host()
        let listener = OrientationListener()
        listener.listen(host.scene)
        host.scene.tiltDevice(to: CMAcceleration(x: 1, y: 0, z: 0), at: 1, duration: 0.5)
        host.scene.tiltDevice(to: CMAcceleration(x: 0, y: -1, z: 0), at: 3, duration: 0.5)
        host.run(to: 4)
        #expect(listener.heard.map(\.orientation) == [.landscapeRight, .portrait])
        #expect(listener.heard.count == 2)
        if listener.heard.count == 2 {
            #expect(listener.heard[0].time >= 1.25 && listener.heard[0].time <= 1.25 + 1 / 60 + 1e-9, "\(listener.heard[0].time)")
            #expect(listener.heard[1].time >= 3.25 && listener.heard[1].time <= 3.25 + 1 / 60 + 1e-9, "\(listener.heard[1].time)")
        }
    }
}
