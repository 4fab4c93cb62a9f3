import Foundation
import DynRenderDisplayList
import DynRenderImages

/// A picture, UIKit's `UIImage`: a PNG (a file, or bytes in memory) with its scale. Image views
/// show it; its size is in points, its pixels over its scale, which a file named `…@2x.png` or
/// `…@3x.png` gives as 2 or 3. Two images are equal only if they are the same object, as
/// `UIImage`s are.
///
/// ```swift
/// Image.resourceDirectories = [URL(fileURLWithPath: "Resources")]
/// let ball = Image(named: "ball")                 // Resources/ball@3x.png, @2x or plain
/// let view = ImageView(image: ball)               // sized to the picture
/// ```
open class Image: Hashable {
    /// Where the PNG comes from.
    public let source: ImageSource
    /// Pixels per point.
    public let scale: CGFloat

    /// A picture from `source` at `scale` pixels per point (default 1).
    public init(source: ImageSource, scale: CGFloat = 1) {
        self.source = source
        self.scale = scale
    }

    /// The PNG file at `path`, with the scale its name gives (`…@2x.png` is 2); nil when it is
    /// not a readable PNG, as `UIImage(contentsOfFile:)`.
    public convenience init?(contentsOfFile path: String) {
        guard (try? ImageLibrary.shared.image(for: .file(path))) != nil else { return nil }
        self.init(source: .file(path), scale: Self.scale(ofFile: path))
    }

    /// The picture called `name` in `resourceDirectories`, as `UIImage(named:)` finds it in an
    /// app's bundle: `name` itself if it has an extension, else `name@3x.png`, `name@2x.png`
    /// and `name.png`, in each directory in turn; nil when none is a readable PNG.
    public convenience init?(named name: String) {
        let candidates = (name as NSString).pathExtension.isEmpty ? ["\(name)@3x.png", "\(name)@2x.png", "\(name).png"] : [name]
        for directory in Image.resourceDirectories {
            for candidate in candidates {
                let path = directory.appendingPathComponent(candidate).path
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }

    /// Where `init(named:)` looks, in order, standing for an app's bundle. Default: the current
    /// directory's `Resources` folder, then the current directory. Set it before the scene is made.
    nonisolated(unsafe) public static var resourceDirectories: [URL] = {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return [here.appendingPathComponent("Resources"), here]
    }()

    /// 3 for a file named `…@3x.png`, 2 for `…@2x.png`, else 1.
    static func scale(ofFile path: String) -> CGFloat {
        let name = (path as NSString).deletingPathExtension
        return name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
    }

    /// The picture's size in points (pixels over `scale`); zero when it cannot be read.
    public var size: CGSize {
        guard let pixels = try? ImageLibrary.shared.image(for: source), scale > 0 else { return .zero }
        return CGSize(width: Double(pixels.width) / Double(scale), height: Double(pixels.height) / Double(scale))
    }

    public static func == (lhs: Image, rhs: Image) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
