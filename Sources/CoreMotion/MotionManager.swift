import DynRenderUIKit

/// An acceleration in g (9.81 m/s²) along the device's axes: x to the right of the screen, y
/// towards its top, z out of the screen, as Core Motion's.
public struct CMAcceleration: Sendable, Equatable {
    /// Along the screen's width, to the right, g.
    public var x: Double
    /// Along the screen's height, towards its top, g.
    public var y: Double
    /// Out of the screen, towards the viewer, g.
    public var z: Double

    /// An acceleration of `x`, `y`, `z` g.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// One accelerometer reading: gravity (a device held still feels only gravity here) and when.
open class CMAccelerometerData {
    /// Gravity in the device's axes, g.
    public let acceleration: CMAcceleration
    /// The scene time of the reading, seconds.
    public let timestamp: TimeInterval

    init(acceleration: CMAcceleration, timestamp: TimeInterval) {
        self.acceleration = acceleration
        self.timestamp = timestamp
    }
}

/// One device-motion reading: gravity apart from the user's acceleration (zero here: the scripted
/// device only tilts) and when.
open class CMDeviceMotion {
    /// Gravity in the device's axes, g.
    public let gravity: CMAcceleration
    /// Acceleration the user gives the device, g: zero.
    public let userAcceleration = CMAcceleration(x: 0, y: 0, z: 0)
    /// The scene time of the reading, seconds.
    public let timestamp: TimeInterval

    init(gravity: CMAcceleration, timestamp: TimeInterval) {
        self.gravity = gravity
        self.timestamp = timestamp
    }
}

/// What an accelerometer handler is given: a reading, or (never here) an error.
public typealias CMAccelerometerHandler = (CMAccelerometerData?, Error?) -> Void
/// What a device-motion handler is given: a reading, or (never here) an error.
public typealias CMDeviceMotionHandler = (CMDeviceMotion?, Error?) -> Void

/// Core Motion's motion manager, reading the scene's scripted device (`Scene.tiltDevice`):
/// gravity as the accelerometer and device motion report it, pushed to handlers at the update
/// interval on the scene's clock, or read when asked (`accelerometerData`, `deviceMotion`).
/// Updates must start while a scene runs. Rotation rates, attitude and the magnetometer are
/// not provided.
///
/// ```swift
/// motion.startAccelerometerUpdates(to: .main) { data, _ in
///     guard let a = data?.acceleration else { return }
///     gravity.gravityDirection = CGVector(dx: a.x, dy: -a.y)
/// }
/// ```
open class CMMotionManager {
    /// Seconds between accelerometer updates (at least 0.01: Core Motion's 100 Hz). Default 0.1.
    open var accelerometerUpdateInterval: TimeInterval = 0.1
    /// Seconds between device-motion updates (at least 0.01). Default 0.1.
    open var deviceMotionUpdateInterval: TimeInterval = 0.1
    /// Always true: the scripted device has an accelerometer.
    open var isAccelerometerAvailable: Bool { true }
    /// Always true: the scripted device reports device motion.
    open var isDeviceMotionAvailable: Bool { true }
    /// Whether accelerometer updates are on.
    open private(set) var isAccelerometerActive = false
    /// Whether device-motion updates are on.
    open private(set) var isDeviceMotionActive = false

    private var accelerometerUpdates: Timer?
    private var deviceMotionUpdates: Timer?

    /// A manager with updates off.
    public init() {}

    /// The latest accelerometer reading (the scripted gravity now), while updates are on.
    open var accelerometerData: CMAccelerometerData? {
        guard isAccelerometerActive, let scene = Scene.running else { return nil }
        return CMAccelerometerData(acceleration: scene.deviceGravity(at: scene.time), timestamp: scene.time)
    }

    /// The latest device-motion reading, while updates are on.
    open var deviceMotion: CMDeviceMotion? {
        guard isDeviceMotionActive, let scene = Scene.running else { return nil }
        return CMDeviceMotion(gravity: scene.deviceGravity(at: scene.time), timestamp: scene.time)
    }

    /// Turns the accelerometer on, to be read with `accelerometerData`.
    open func startAccelerometerUpdates() {
        isAccelerometerActive = true
    }

    /// Turns the accelerometer on and calls `handler` with a reading every
    /// `accelerometerUpdateInterval` on the scene's clock (the queue is accepted as Core
    /// Motion's call spells it).
    open func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAccelerometerHandler) {
        isAccelerometerActive = true
        accelerometerUpdates?.invalidate()
        accelerometerUpdates = every(accelerometerUpdateInterval) { handler($0.accelerometerData, nil) }
    }

    /// Turns the accelerometer off.
    open func stopAccelerometerUpdates() {
        isAccelerometerActive = false
        accelerometerUpdates?.invalidate()
        accelerometerUpdates = nil
    }

    /// Turns device motion on, to be read with `deviceMotion`.
    open func startDeviceMotionUpdates() {
        isDeviceMotionActive = true
    }

    /// Turns device motion on and calls `handler` with a reading every
    /// `deviceMotionUpdateInterval` on the scene's clock.
    open func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping CMDeviceMotionHandler) {
        isDeviceMotionActive = true
        deviceMotionUpdates?.invalidate()
        deviceMotionUpdates = every(deviceMotionUpdateInterval) { handler($0.deviceMotion, nil) }
    }

    /// Turns device motion off.
    open func stopDeviceMotionUpdates() {
        isDeviceMotionActive = false
        deviceMotionUpdates?.invalidate()
        deviceMotionUpdates = nil
    }

    /// A timer on the scene's clock that calls `tick` with this manager every `interval`
    /// seconds (at most 100 times a second, Core Motion's fastest) while the manager lives.
    private func every(_ interval: TimeInterval, _ tick: @escaping (CMMotionManager) -> Void) -> Timer {
        Timer.scheduledTimer(withTimeInterval: max(interval, 0.01), repeats: true) { [weak self] _ in
            if let self { tick(self) }
        }
    }

    deinit {
        accelerometerUpdates?.invalidate()
        deviceMotionUpdates?.invalidate()
    }
}
