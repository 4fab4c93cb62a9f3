import Foundation
import Codecs
import Pixels

/// One side of a comparison, whatever its form: a PNG (one frame), a directory of PNGs (frames
/// by file name, sorted), or an animated GIF (every frame as a viewer shows it, after compositing,
/// with its delay).
public struct ImageSequence: Sendable {
    public enum Kind: Sendable { case png, directory, gif }

    public struct Frame: Sendable {
        /// The file name for PNGs, `frame-0000`… for a GIF's frames.
        public let name: String
        public let image: RGBAImage
        /// Centiseconds, for GIF frames.
        public let delay: Int?
    }

    public let path: String
    public let kind: Kind
    public let frames: [Frame]

    public init(path: String, kind: Kind, frames: [Frame]) {
        self.path = path
        self.kind = kind
        self.frames = frames
    }

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
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            let name = (path as NSString).lastPathComponent
            return ImageSequence(path: path, kind: .png, frames: [Frame(name: name, image: try decodePNG(bytes, path), delay: nil)])
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            let gif: DecodedGIF
            do {
                gif = try GIFDecoder().decode(bytes)
            } catch {
                throw DiffError.unreadable("\(path): \(error)")
            }
            guard !gif.frames.isEmpty else { throw DiffError.unreadable("\(path): the GIF has no frames") }
            let frames = zip(gif.frames, gif.delays).enumerated().map { index, frame in
                Frame(name: frameName(index), image: frame.0, delay: frame.1)
            }
            return ImageSequence(path: path, kind: .gif, frames: frames)
        }
        throw DiffError.unreadable("\(path): not a PNG, a GIF or a directory of PNGs")
    }

    /// `frame-0000`, the name of a GIF's first frame (as PNG sequences name their files).
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
            return Frame(name: name, image: try decodePNG(bytes, file), delay: nil)
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
