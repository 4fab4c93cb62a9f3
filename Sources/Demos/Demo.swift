import Foundation
import Scene

/// A named scene with the settings that make a good README animation of it.
public struct Demo: Sendable {
    /// The name on the command line, e.g. `gravity`.
    public let name: String
    /// One line for `dynrender list`.
    public let summary: String
    /// Canvas size, points.
    public let size: CGSize
    /// Seconds: long enough to tell the whole story and hold still briefly before the loop.
    public let duration: Double
    /// Builds a fresh scene of the given size (points).
    public let makeScene: @Sendable (CGSize) -> Scene

    public init(name: String, summary: String, size: CGSize, duration: Double,
                makeScene: @escaping @Sendable (CGSize) -> Scene) {
        self.name = name
        self.summary = summary
        self.size = size
        self.duration = duration
        self.makeScene = makeScene
    }
}

/// Every demo dynrender ships, by name.
public enum DemoRegistry {
    /// All demos, in the order `dynrender list` shows them.
    public static let all: [Demo] = [
        drag, springy, cradle, alert,
        GravityDemo.demo, BehaviourTourDemos.collision, BehaviourTourDemos.elasticity, snap, attach,
        BehaviourTourDemos.push, vortex,
    ]

    public static func demo(named name: String) -> Demo? {
        all.first { $0.name == name }
    }

    /// The demo name closest to `name` (edit distance), for "did you mean" messages.
    public static func closestName(to name: String) -> String? {
        all.map(\.name).min { editDistance($0, name) < editDistance($1, name) }
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
