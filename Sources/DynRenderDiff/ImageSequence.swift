import Foundation
import DynRenderPixels

/// One side of a comparison, whatever its form: a PNG (one frame), a directory of PNGs (frames
/// by file name, sorted), an animated GIF or an animated PNG (every frame as a viewer shows it,
/// after compositing, with its delay).
///
/// ```swift
/// let golden = try ImageSequence.load("golden.gif")   // a PNG, a folder of PNGs, a GIF or an APNG
/// ```
public struct ImageSequence: Sendable {
    /// Where the frames came from: one PNG, a directory of PNGs, a GIF or an APNG.
    ///
    /// ```swift
    /// if try ImageSequence.load("out.png").kind == .apng { print("an animated PNG") }
    /// ```
    public enum Kind: Sendable {
        /// One PNG file: one frame.
        case png
        /// A directory of PNGs: frames matched by file name.
        case directory
        /// An animated GIF: frames as shown, with delays.
        case gif
        /// An animated PNG: frames as shown, with delays.
        case apng
        /// A WebP, still or animated, lossless or lossy: frames as shown, with delays when animated.
        case webp
    }

    /// One frame, with its name and, for an animation, its delay.
    ///
    /// ```swift
    /// for frame in try ImageSequence.load("out.gif").frames { print(frame.name, frame.delay ?? 0) }
    /// ```
    public struct Frame: Sendable {
        /// The file name for PNGs, `frame-0000`… for an animation's frames.
        public let name: String
        /// The frame's pixels, as shown.
        public let image: RGBAImage
        /// How long the frame shows, milliseconds, for an animation's frames.
        public let delay: Int?

        /// A frame named `name`, showing `image` for `delay` milliseconds (nil for a still).
        public init(name: String, image: RGBAImage, delay: Int?) {
            self.name = name
            self.image = image
            self.delay = delay
        }
    }

    /// The file or directory it was read from, for messages.
    public let path: String
    /// What kind of input it was, which decides how frames are matched.
    public let kind: Kind
    /// The frames, in order.
    public let frames: [Frame]

    /// A sequence of `frames` read from `path` as `kind`.
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
