import Foundation
import DynRenderCodecs
import DynRenderDiff
import DynRenderPixels

/// Reading the sides of a comparison from disk: the thin layer between files and the
/// pixel-only comparison in `DynRenderDiff`.
extension ImageSequence {
    /// Reads `path`, telling the formats apart by content, not by name. Throws
    /// `DiffError.unreadable` with a one-line reason for anything else.
    public static func load(_ path: String) throws -> ImageSequence {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiffError.unreadable("\(path): no such file or directory")
        }
        if isDirectory.boolValue { return try loadDirectory(path) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            throw DiffError.unreadable("\(path): \(error)")
        }
        return try decode(bytes, path: path)
    }

    /// A PNG, an animated PNG, a GIF or a WebP already in memory; `path` names it in messages and in the
    /// result. Throws `DiffError.unreadable` with a one-line reason for anything else.
    public static func decode(_ bytes: [UInt8], path: String) throws -> ImageSequence {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && APNGDecoder.isAnimated(bytes) {
            let apng: DecodedAPNG
            do {
                apng = try APNGDecoder().decode(bytes)
            } catch {
                throw DiffError.unreadable("\(path): \(error)")
            }
            return ImageSequence(path: path, kind: .apng, frames: Self.frames(apng.frames, delays: apng.delays))
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            let name = (path as NSString).lastPathComponent
            return ImageSequence(path: path, kind: .png, frames: [ImageSequence.Frame(name: name, image: try decodePNG(bytes, path), delay: nil)])
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            let gif: DecodedGIF
            do {
                gif = try GIFDecoder().decode(bytes)
            } catch {
                throw DiffError.unreadable("\(path): \(error)")
            }
            guard !gif.frames.isEmpty else { throw DiffError.unreadable("\(path): the GIF has no frames") }
            return ImageSequence(path: path, kind: .gif, frames: Self.frames(gif.frames, delays: gif.delays.map { $0 * 10 }))
        }
        if WebPDecoder.isWebP(bytes) {
            let webp: DecodedWebP
            do {
                webp = try WebPDecoder().decode(bytes)
            } catch {
                throw DiffError.unreadable("\(path): \(error)")
            }
            guard let delays = webp.delays else {
                let name = (path as NSString).lastPathComponent
                return ImageSequence(path: path, kind: .webp, frames: [ImageSequence.Frame(name: name, image: webp.frames[0], delay: nil)])
            }
            return ImageSequence(path: path, kind: .webp, frames: Self.frames(webp.frames, delays: delays))
        }
        throw DiffError.unreadable("\(path): not a PNG, a GIF, a WebP or a directory of PNGs")
    }

    /// An animation's frames, named `frame-0000`…, with their delays in milliseconds.
    static func frames(_ images: [RGBAImage], delays: [Int]) -> [ImageSequence.Frame] {
        zip(images, delays).enumerated().map { index, frame in
            ImageSequence.Frame(name: frameName(index), image: frame.0, delay: frame.1)
        }
    }

    private static func loadDirectory(_ path: String) throws -> ImageSequence {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw DiffError.unreadable("\(path): \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw DiffError.unreadable("\(path): the directory holds no PNG files") }
        let frames = try names.map { name in
            let file = (path as NSString).appendingPathComponent(name)
            let bytes: [UInt8]
            do {
                bytes = try FileReader.read(file)
            } catch {
                throw DiffError.unreadable("\(file): \(error)")
            }
            return ImageSequence.Frame(name: name, image: try decodePNG(bytes, file), delay: nil)
        }
        return ImageSequence(path: path, kind: .directory, frames: frames)
    }

    private static func decodePNG(_ bytes: [UInt8], _ path: String) throws -> RGBAImage {
        do {
            return try PNGDecoder().decode(bytes).image
        } catch {
            throw DiffError.unreadable("\(path): \(error)")
        }
    }
}
