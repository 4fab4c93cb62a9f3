import Foundation

/// Why a font could not be used: one line naming what was looked for. Fonts are never substituted,
/// so a missing family or weight is an error, not a different picture.
///
/// ```swift
/// do { _ = try FontLibrary.shared.face(for: .file("missing.ttf", index: 0)) } catch let error as FontError { print(error) }
/// ```
public struct FontError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String

    /// An error whose description is `description`.
    public init(_ description: String) {
        self.description = description
    }
}
