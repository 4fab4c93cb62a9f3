import Foundation
import DynRenderDisplayList
import DynRenderPixels

/// The sizes an image view or display-list image may have, checked from the PNG's header before
/// any pixel is decoded.
///
/// ```swift
/// print(ImageLimits.maximumSide, ImageLimits.maximumPixels)
/// ```
package enum ImageLimits {
    /// Longest side, pixels.
    package static let maximumSide = 16_384
    /// Most pixels (100 Mpx: a 10 000 × 10 000 picture; a phone screenshot is under 4 Mpx).
    package static let maximumPixels = 100_000_000
    /// Largest PNG file, bytes: 256 MiB. (Only noise at nearly 100 Mpx would be larger; photos
    /// and screenshots within the pixel limit are far smaller.)
    package static let maximumFileBytes = 256 << 20

}

/// Decoded images, read once per file (or embedded PNG) for the life of the process and shared
/// by every frame and thread: a picture drawn in every frame of a render is decoded and
/// mip-mapped once. Thread-safe. Bounded: when the decoded images would pass `capacityBytes` the
/// cache empties first (the picture being read is kept), so a long-lived process cannot grow
/// without bound.
///
/// ```swift
/// let picture = try ImageLibrary.shared.image(for: .file("photo.png"))
/// print(picture.width, picture.height)
/// ```
package final class ImageLibrary: @unchecked Sendable {
    /// The process-wide library that scenes and the rasteriser share.
    package static let shared = ImageLibrary()
    /// 1 GiB of decoded pixels, mip chains included.
    package static let capacityBytes = 1 << 30

    private let lock = NSLock()
    private var images: [ImageSource: MipmappedImage] = [:]
    private var bytes = 0
    /// Files read successfully before: one that fails on a later read (after the cache emptied)
    /// vanished or changed during the render, which is not the input's fault.
    private var readBefore: Set<String> = []
    private let capacity: Int

    /// A library holding at most `capacityBytes` of decoded pixels (default 1 GiB).
    package init(capacityBytes: Int = ImageLibrary.capacityBytes) {
        capacity = capacityBytes
    }

    /// The decoded image of `source`, read now if it is not cached. Throws `ImageError` naming
    /// the file (or "the embedded PNG") and what is wrong, or `ImageVanishedError` when a file
    /// read well earlier in this process cannot be read again.
    package func image(for source: ImageSource) throws -> MipmappedImage {
        lock.lock()
        if let image = images[source] {
            lock.unlock()
            return image
        }
        let seenBefore: Bool
        if case .file(let path) = source { seenBefore = readBefore.contains(path) } else { seenBefore = false }
        lock.unlock()
        let image: MipmappedImage
        do {
            image = try Self.read(source)
        } catch let error as ImageError where seenBefore {
            throw ImageVanishedError(description: error.description)
        }
        let size = image.chainBytes
        lock.lock()
        defer { lock.unlock() }
        if let raced = images[source] { return raced }
        if bytes + size > capacity {
            images.removeAll()
            bytes = 0
        }
        images[source] = image
        bytes += size
        if case .file(let path) = source { readBefore.insert(path) }
        return image
    }

    /// The bytes of the PNG file at `path` (`name` is how errors name it): a regular file of at
    /// most `ImageLimits.maximumFileBytes`, checked before reading (a FIFO or `/dev/zero` would
    /// never end).
    package static func readFile(_ path: String, name: String) throws -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            var isDirectory: ObjCBool = false
            throw ImageError("\(name): \(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? "cannot be read" : "no such file")")
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory { throw ImageError("\(name): is a directory") }
        guard type == .typeRegular else { throw ImageError("\(name): is not a regular file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= ImageLimits.maximumFileBytes else {
            throw ImageError("\(name): \(size) bytes is over the limit of \(ImageLimits.maximumFileBytes / (1 << 20)) MiB for a PNG file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImageError("\(name): cannot be read") }
        defer { try? handle.close() }
        // At most one byte past the limit, should the file have grown since.
        guard let contents = try? handle.read(upToCount: ImageLimits.maximumFileBytes + 1) else {
            throw ImageError("\(name): cannot be read")
        }
        guard contents.count <= ImageLimits.maximumFileBytes else {
            throw ImageError("\(name): over the limit of \(ImageLimits.maximumFileBytes / (1 << 20)) MiB for a PNG file")
        }
        return [UInt8](contents)
    }

    private static func read(_ source: ImageSource) throws -> MipmappedImage {
        let name: String, data: [UInt8]
        switch source {
        case .file(let path):
            name = "image '\(path)'"
            data = try readFile(path, name: name)
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

/// A picture file that was read well earlier in the process and now cannot be: it vanished or
/// changed during the render. Not a fault of the input (the CLI exits 1, not 2), so it is not an
/// `ImageError` and is not reported as a display-list field.
///
/// ```swift
/// // Thrown when a picture read earlier in a render can no longer be read (exit status 1, not 2).
/// ```
package struct ImageVanishedError: Error, CustomStringConvertible, Equatable {
    /// What the second read found, naming the file.
    package let description: String
}

/// Checking the pictures a frame names before it is drawn.
extension DisplayList {
    /// Throws `DisplayListLimitError` (field `shapes[i].src`) for the first image entry whose PNG
    /// cannot be read or is over `ImageLimits`, reading (and caching) every picture the frame
    /// draws: checked before a frame is drawn, so a missing picture is an error and never a blank.
    package func checkImages(in library: ImageLibrary = .shared) throws {
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
