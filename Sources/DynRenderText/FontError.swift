import Foundation

/// Why a font could not be used: one line naming what was looked for. Fonts are never substituted,
/// so a missing family or weight is an error, not a different picture.
public struct FontError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String

    /// An error whose description is `description`.
    public init(_ description: String) {
        self.description = description
    }
}
