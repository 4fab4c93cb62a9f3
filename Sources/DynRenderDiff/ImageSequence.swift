import Foundation
import DynRenderPixels

/// One side of a comparison, whatever its form: a PNG (one frame), a directory of PNGs (frames
/// by file name, sorted), an animated GIF or an animated PNG (every frame as a viewer shows it,
/// after compositing, with its delay).
public struct ImageSequence: Sendable {
    public enum Kind: Sendable { case png, directory, gif, apng }

    public struct Frame: Sendable {
        /// The file name for PNGs, `frame-0000`… for an animation's frames.
        public let name: String
        public let image: RGBAImage
        /// How long the frame shows, milliseconds, for an animation's frames.
        public let delay: Int?

        public init(name: String, image: RGBAImage, delay: Int?) {
            self.name = name
            self.image = image
            self.delay = delay
        }
    }

    public let path: String
    public let kind: Kind
    public let frames: [Frame]

    public init(path: String, kind: Kind, frames: [Frame]) {
        self.path = path
        self.kind = kind
        self.frames = frames
    }

    /// `frame-0000`, the name of an animation's first frame (as PNG sequences name their files).
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
