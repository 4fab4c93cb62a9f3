import DynRenderGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DynRenderPixels

/// Writes numbered PNG frames (`frame-0000.png`, …) and a `manifest.json` into a directory that
/// appears only when the sequence is complete.
///
/// The manifest lets other tools assemble the sequence: `{"format": "dynrender-png-sequence",
/// "version": 1, "width", "height" (pixels), "duration" (seconds), "frames": [{"index", "file", "t"}],
/// "source": {…}}`, where `source` says what was rendered (a demo and its options, or a file).
///
/// Frames go to a hidden temporary directory beside the destination, renamed into place by
/// `finish()`. A destination that already holds a dynrender sequence is replaced; one holding
/// anything else is refused, so a mistyped `--png-dir` can never delete a user's files.
///
/// ```swift
/// let writer = try PNGSequenceWriter(directory: "frames", expectedFrames: 2)
/// try writer.addFrame(first, time: 0)
/// try writer.addFrame(second, time: 0.5)
/// try writer.finish(endTime: 1)   // frames/0.png, 1.png and manifest.json appear together
/// ```
package final class PNGSequenceWriter {
    /// The destination directory.
    package let directory: String
    private let encoder: PNGEncoder
    private let digits: Int
    private var temporary: String?
    /// Frames written so far.
    package private(set) var frameCount = 0
    private var times: [Double] = []
    private var pixelSize: (width: Int, height: Int)?

    /// Prepares a sequence of about `expectedFrames` frames (sets the zero padding) at `directory`.
    package init(directory: String, expectedFrames: Int, encoder: PNGEncoder = PNGEncoder()) throws {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.directory = path
        self.encoder = encoder
        self.digits = max(4, String(max(expectedFrames - 1, 0)).count)
        let parent = AtomicFile.directory(of: path)
        try AtomicFile.checkWritableDirectory(parent, for: path)
        try Self.checkReplaceable(path)
        let prefix = ".\(AtomicFile.fileName(of: path)).partial-"
        Self.removeAbandoned(in: parent, prefix: prefix)
        var template = Array("\(parent)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputError.system("create", path)
        }
        temporary = String(cString: template)
        // mkdtemp makes it 0700; renamed into place, it must be what `mkdir` would have made,
        // so a docs server or another user's CI step can list the frames.
        chmod(temporary!, AtomicFile.mode(0o755))
    }

    deinit {
        cancel()
    }

    /// The file name of frame `index`.
    package func fileName(ofFrame index: Int) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// Encodes and writes the next frame, shown from `time` seconds.
    package func addFrame(_ image: RGBAImage, time: Double = 0) throws {
        times.append(time)
        pixelSize = (image.width, image.height)
        guard let temporary else { throw OutputError("the PNG sequence '\(directory)' is already closed") }
        let bytes = try encoder.encode(image)
        let path = "\(temporary)/\(fileName(ofFrame: frameCount))"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError.system("write", path) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError.system("write", directory)
            }
            offset += written
        }
        frameCount += 1
    }

    /// Writes the manifest (`source` holds what was rendered, as key and JSON value pairs) and moves
    /// the complete sequence into place, replacing a previous sequence there.
    package func finish(endTime: Double = 0, source: [(key: String, json: String)] = []) throws {
        guard let temporary else { throw OutputError("the PNG sequence '\(directory)' is already closed") }
        var manifest = "{\n  \"format\": \"dynrender-png-sequence\",\n  \"version\": 1,\n"
        manifest += "  \"width\": \(pixelSize?.width ?? 0),\n  \"height\": \(pixelSize?.height ?? 0),\n"
        manifest += "  \"duration\": \(JSONText.finiteNumber(endTime)),\n  \"source\": {"
        manifest += source.map { "\(JSONText.quoted($0.key)): \($0.json)" }.joined(separator: ", ") + "},\n  \"frames\": [\n"
        manifest += times.enumerated().map { index, time in
            "    {\"index\": \(index), \"file\": \"\(fileName(ofFrame: index))\", \"t\": \(JSONText.finiteNumber(time))}"
        }.joined(separator: ",\n")
        manifest += "\n  ]\n}\n"
        let manifestPath = "\(temporary)/\(Self.manifestName)"
        guard let handle = fopen(manifestPath, "w") else { throw OutputError.system("write", manifestPath) }
        let written = fputs(manifest, handle)
        guard fclose(handle) == 0, written >= 0 else { throw OutputError.system("write", directory) }
        var status = stat()
        var retired: String?
        if stat(directory, &status) == 0 {
            let name = "\(temporary).old"
            guard rename(directory, name) == 0 else {
                cancel()
                throw OutputError.system("replace", directory)
            }
            retired = name
        }
        guard rename(temporary, directory) == 0 else {
            let code = errno
            if let retired { rename(retired, directory) }
            cancel()
            throw OutputError.system("write", directory, errno: code)
        }
        self.temporary = nil
        if let retired { Self.removeTree(retired) }
    }

    /// Abandons the sequence; the destination is left as it was.
    package func cancel() {
        guard let temporary else { return }
        Self.removeTree(temporary)
        self.temporary = nil
    }

    /// Throws unless `path` is absent, an empty directory, or a directory of dynrender frames.
    private static func checkReplaceable(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputError("cannot write PNG sequence '\(path)': a file of that name exists")
        }
        for name in try entries(of: path) where !isFrameName(name) && name != manifestName {
            throw OutputError("cannot write PNG sequence '\(path)': the directory holds '\(name)', which is not a dynrender frame; choose a new or empty directory")
        }
    }

    /// The manifest's file name.
    package static let manifestName = "manifest.json"

    /// `frame-` + digits + `.png`.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    static func entries(of path: String) throws -> [String] {
        guard let handle = opendir(path) else { throw OutputError.system("read", path) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // The name is read in place up to its NUL: copying `d_name` whole (256 bytes) reads
            // past a short record at the end of the kernel's buffer (AddressSanitizer saw it).
            let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes temporary sequences left by writers that were killed mid-render: their names carry
    /// the writer's process id, and that process no longer exists.
    private static func removeAbandoned(in parent: String, prefix: String) {
        for name in (try? entries(of: parent)) ?? [] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                let path = "\(parent)/\(name)"
                for file in (try? entries(of: path)) ?? [] { unlink("\(path)/\(file)") }
                rmdir(path)
            }
        }
    }

    /// Removes a directory of plain files (what this writer creates).
    private static func removeTree(_ path: String) {
        for name in (try? entries(of: path)) ?? [] { unlink("\(path)/\(name)") }
        rmdir(path)
    }
}
