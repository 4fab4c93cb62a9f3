import Foundation

/// When an assertion writes its goldens, as swift-snapshot-testing's record modes: set per
/// assertion, or for a whole run by the `DYNRENDER_RECORD` environment variable. Whatever it
/// writes, the assertion still fails, saying what it wrote, so a recording never passes unnoticed.
///
/// ```swift
/// try assertGolden(of: MyScene(), as: .gif(duration: 2), named: "my-scene", record: .failed)
/// // or for a whole run: DYNRENDER_RECORD=failed swift test
/// ```
public enum SnapshotRecordMode: String, CaseIterable, Sendable {
    /// Write nothing: a missing golden fails like a different one (for CI that must not record).
    case never
    /// Write goldens that do not exist yet; compare the others. The default.
    case missing
    /// Re-write the goldens that are missing or differ (after leaving the failure report).
    case failed
    /// Re-write every golden (unchanged files are not touched).
    case all

    /// The mode `DYNRENDER_RECORD` asks for: unset or empty is `missing`; `never`, `missing`,
    /// `failed` or `all`; `1`, `true` and `yes` mean `all` and `0`, `false` and `no` mean
    /// `missing`, as before record modes existed. Anything else is an error naming the choices,
    /// never silently a mode.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotRecordMode {
        let value = (environment["DYNRENDER_RECORD"] ?? "").lowercased()
        switch value {
        case "", "0", "false", "no": return .missing
        case "1", "true", "yes": return .all
        default:
            guard let mode = SnapshotRecordMode(rawValue: value) else {
                throw GoldenMismatch(description: "DYNRENDER_RECORD=\(value) is not a record mode: give never, missing, failed or all (1 means all)")
            }
            return mode
        }
    }
}

/// Frames that differ from their goldens (or a recording that was made): the description says
/// which, by how much, and where the images are.
///
/// ```swift
/// do {
///     try assertGolden(of: MyScene(), as: .frames(at: [1]), named: "my-scene")
/// } catch let mismatch as GoldenMismatch {
///     print(mismatch.description)   // which frames, how much, and where the report is
/// }
/// ```
public struct GoldenMismatch: Error, CustomStringConvertible {
    public let description: String

    /// A mismatch described by `description`.
    public init(description: String) { self.description = description }
}
