import Foundation
import DynRenderDisplayList

/// What `dynrender test` checks a scene file's render against: golden stills at given times,
/// and the state hash of its motion.
///
/// ```yaml
/// checks:
///   frames: [0.5, 1.2]          # stills compared with card-fling.goldens/0.5.png …
///   scale: 1                    # their pixels per point (default 1)
///   stateHash: 3f0c1d2e4b5a6978 # SceneStateHash over the whole run
/// ```
struct ChecksSpec: Decodable {
    var frames: [Double]
    var scale: Double
    var goldens: String?
    var stateHash: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case frames, scale, goldens, stateHash }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        frames = try c.decodeIfPresent([Double].self, forKey: .frames) ?? []
        if let bad = frames.first(where: { !(0...SceneFileLimits.maximumDuration).contains($0) }) {
            throw c.invalid(.frames, "\(DisplayListLimits.format(bad)) s is out of range 0...\(DisplayListLimits.format(SceneFileLimits.maximumDuration))")
        }
        if Set(frames).count != frames.count { throw c.invalid(.frames, "a time is listed twice") }
        scale = try checked(c.decodeIfPresent(Double.self, forKey: .scale), 0.01...8, CodingKeys.scale, in: c) ?? 1
        goldens = try c.decodeIfPresent(String.self, forKey: .goldens)
        stateHash = try c.decodeIfPresent(String.self, forKey: .stateHash)
        if let hash = stateHash, hash.count != 16 || UInt64(hash, radix: 16) == nil {
            throw c.invalid(.stateHash, "a state hash is 16 hex digits, as dynrender test prints it, not '\(hash)'")
        }
        if frames.isEmpty && stateHash == nil && !c.contains(.stateHash) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "checks need 'frames' or a 'stateHash' (or stateHash: null, to record one)"))
        }
    }
}
