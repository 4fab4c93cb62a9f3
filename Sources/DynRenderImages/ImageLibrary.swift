import Foundation
import DynRenderDisplayList
import DynRenderPixels

/// The sizes an image view or display-list image may have, checked from the PNG's header before
/// any pixel is decoded.
public enum ImageLimits {
    /// Longest side, pixels.
    public static let maximumSide = 16_384
    /// Most pixels (100 Mpx: a 10 000 × 10 000 picture; a phone screenshot is under 4 Mpx).
    public static let maximumPixels = 100_000_000

}

/// Decoded images, read once per file (or embedded PNG) for the life of the process and shared
/// by every frame and thread: a picture drawn in every frame of a render is decoded and
/// mip-mapped once. Thread-safe. Bounded: when the decoded images would pass `capacityBytes` the
/// cache empties first (the picture being read is kept), so a long-lived process cannot grow
/// without bound.
public final class ImageLibrary: @unchecked Sendable {
    public static let shared = ImageLibrary()
    /// 1 GiB of decoded pixels, mip chains included.
    public static let capacityBytes = 1 << 30

    private let lock = NSLock()
    private var images: [ImageSource: MipmappedImage] = [:]
    private var bytes = 0

    public init() {}

    /// The decoded image of `source`, read now if it is not cached. Throws `ImageError` naming
    /// the file (or "the embedded PNG") and what is wrong.
    public func image(for source: ImageSource) throws -> MipmappedImage {
        lock.lock()
        if let image = images[source] {
            lock.unlock()
            return image
        }
        lock.unlock()
        let image = try Self.read(source)
        let size = image.levels.reduce(0) { $0 + $1.pixels.count * 4 }
        lock.lock()
        defer { lock.unlock() }
        if let raced = images[source] { return raced }
        if bytes + size > Self.capacityBytes {
            images.removeAll()
            bytes = 0
        }
        images[source] = image
        bytes += size
        return image
    }

    private static func read(_ source: ImageSource) throws -> MipmappedImage {
        let name: String, data: [UInt8]
        switch source {
        case .file(let path):
            name = "image '\(path)'"
            guard let contents = FileManager.default.contents(atPath: path) else {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                throw ImageError("\(name): \(exists ? (isDirectory.boolValue ? "is a directory" : "cannot be read") : "no such file")")
            }
            data = [UInt8](contents)
        case .embedded(let png):
            name = "embedded PNG"
            data = png.bytes
        }
        do {
            let decoded = try PNGReader.decode(data)
            return MipmappedImage(decoded.image)
        } catch let error as ImageError {
            throw ImageError("\(name): \(error.description)")
        }
    }
}

extension DisplayList {
    /// Throws `DisplayListLimitError` (field `shapes[i].src`) for the first image entry whose PNG
    /// cannot be read or is over `ImageLimits`, reading (and caching) every picture the frame
    /// draws: checked before a frame is drawn, so a missing picture is an error and never a blank.
    public func checkImages(in library: ImageLibrary = .shared) throws {
        try shapes.forEachDrawnEntry { item, field in
            guard case .image(let image) = item else { return }
            do {
                _ = try library.image(for: image.source)
            } catch let error as ImageError {
                throw DisplayListLimitError(field: field + ".src", problem: error.description)
            }
        }
    }
}
