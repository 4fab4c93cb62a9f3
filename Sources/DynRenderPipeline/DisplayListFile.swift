#if canImport(Glibc)
import DynRenderGeometry
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DynRenderCodecs
import DynRenderRaster
import DynRenderDisplayList
import DynRenderText
import DynRenderImages

/// The frames of a JSON Lines display-list file, read one line at a time.
///
/// Each line is checked as it is read: its fields (`DisplayListJSON`), frame numbers increasing by
/// 1, times increasing, the same canvas on every line (an animation has one size), and every font
/// installed or readable. A font `file` or picture `src` is relative to the display-list file's
/// folder, and must lie under it (or under a folder the caller allows): a file from elsewhere
/// cannot read any file on the machine into a picture. The first problem stops the render with
/// its line number and field.
///
/// ```swift
/// var file = try DisplayListFile(path: "drag.jsonl")    // what `dynrender raster` does
/// var options = RenderOptions()
/// options.gifPath = "drag.gif"
/// try FrameRenderer(options: options).run(&file)
/// ```
package final class DisplayListFile: FrameSource {
    /// The file's path.
    package let path: String
    private let handle: UnsafeMutablePointer<FILE>
    private var lineNumber = 0
    private var previous: DisplayListFrame?
    package private(set) var endTime = 0.0
    /// A file's end is its last frame's time plus the interval before it: not known in advance.
    package var plannedEndTime: Double? { nil }
    package let expectedFrameCount: Int

    package var description: [(key: String, json: String)] { [("displayList", JSONText.quoted(path))] }

    /// Which picture and font files the lines may name: those under the file's own folder, and
    /// under the allowed folders.
    private let files: FilePathPolicy

    /// Opens the display-list file at `path` (a regular file) and holds its line count and lengths
    /// to the limits before any line is parsed; throws a one-line error naming the file otherwise.
    /// Its lines may name pictures and fonts under its own folder and under `allowedDirectories`.
    package init(path: String, allowedDirectories: [URL] = []) throws {
        self.path = path
        files = FilePathPolicy(base: URL(fileURLWithPath: path).deletingLastPathComponent(), allowed: allowedDirectories)
        var status = stat()
        guard stat(path, &status) == 0 else { throw OutputError.system("read", path) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw OutputError("cannot read '\(path)': not a regular file") }
        guard let handle = fopen(path, "r") else { throw OutputError.system("read", path) }
        self.handle = handle
        // Count the lines once, for file-name padding, and hold them to the limits before any is
        // parsed; the file is read again frame by frame.
        var lines = 0, length = 0, c = getc(handle)
        while c != EOF {
            if c == 10 {
                lines += 1
                length = 0
            } else {
                length += 1
                if length > DisplayListLimits.maximumLineBytes {
                    fclose(handle)
                    throw DisplayListError(line: lines + 1, field: "", problem: "the line is longer than \(DisplayListLimits.maximumLineBytes >> 20) MiB (the limit)")
                }
            }
            c = getc(handle)
        }
        if length > 0 { lines += 1 }
        guard lines <= DisplayListLimits.maximumFrames else {
            fclose(handle)
            throw DisplayListError(line: DisplayListLimits.maximumFrames + 1, field: "",
                                   problem: "a display-list file holds at most \(DisplayListLimits.maximumFrames) frames (the limit); this one has \(lines) lines")
        }
        rewind(handle)
        expectedFrameCount = max(lines, 1)
    }

    deinit {
        fclose(handle)
    }

    package func next() throws -> DisplayListFrame? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let length = getline(&buffer, &capacity, handle)
            if length < 0 {
                guard let last = previous else {
                    throw DisplayListError(line: max(lineNumber, 1), field: "", problem: "the file holds no frames")
                }
                endTime = last.time + lastInterval
                return nil
            }
            lineNumber += 1
            let line = String(cString: buffer!).trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let frame = try DisplayListJSON.decode(line, lineNumber: lineNumber,
                                                   baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent())
            // Every font and picture found before the frame is drawn; a missing one is this
            // line's error.
            do {
                try frame.list.shapes.checkFiles(allowedBy: files)
                try frame.list.checkFonts()
                try frame.list.checkImages()
            } catch let error as DisplayListLimitError {
                throw DisplayListError(line: lineNumber, field: error.field, problem: error.problem)
            }
            if let previous {
                guard frame.index == previous.index + 1 else {
                    throw DisplayListError(line: lineNumber, field: "frame", problem: "must be \(previous.index + 1) (one more than the line before), not \(frame.index)")
                }
                guard frame.time > previous.time else {
                    throw DisplayListError(line: lineNumber, field: "t", problem: "must be later than \(previous.time) s")
                }
                guard frame.list.pixelWidth == previous.list.pixelWidth, frame.list.pixelHeight == previous.list.pixelHeight else {
                    throw DisplayListError(line: lineNumber, field: "width", problem: "every frame of an animation has the same canvas size")
                }
                lastInterval = frame.time - previous.time
            } else if frame.index != 0 {
                throw DisplayListError(line: lineNumber, field: "frame", problem: "the first frame is 0, not \(frame.index)")
            }
            previous = frame
            return frame
        }
    }

    /// The gap between the last two frames: how long the last one shows (1/60 s for a lone frame).
    private var lastInterval = 1.0 / 60
}
