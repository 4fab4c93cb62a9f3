#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that appears at its destination only when complete.
///
/// Bytes go to a temporary file in the destination's directory; `commit()` renames it over the
/// destination in one step, so readers see either the old file or the whole new one. On Linux the
/// temporary file is unnamed (`O_TMPFILE`) until the commit, so even a crash or `kill -9`
/// mid-render leaves nothing behind; elsewhere it is a hidden `.NAME.partial-XXXXXX` file removed
/// on any failure. An existing file at the destination is untouched until the commit.
///
/// ```swift
/// try AtomicFile.write(Array("done\n".utf8), to: "status.txt")   // appears whole, or not at all
/// ```
package final class AtomicFile {
    /// Where the file will appear.
    package let path: String
    private let directory: String
    private var descriptor: Int32
    /// The named temporary file, when `O_TMPFILE` was not available.
    private var temporaryPath: String?
    private var buffer: [UInt8] = []
    private var finished = false
    /// Bytes written so far.
    package private(set) var byteCount = 0

    private static let bufferSize = 1 << 16

    /// Opens a temporary file beside `path`. Fails with a clear message when the directory is
    /// missing, is not a directory, or cannot be written, or when `path` is a directory.
    package init(path: String) throws {
        self.path = path
        guard !AtomicFile.fileName(of: path).isEmpty else {
            throw OutputError("cannot write '\(path)': the path must end in a file name")
        }
        let directory = AtomicFile.directory(of: path)
        self.directory = directory
        try AtomicFile.checkWritableDirectory(directory, for: path)
        var status = stat()
        if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw OutputError("cannot write '\(path)': it is a directory")
        }
        buffer.reserveCapacity(AtomicFile.bufferSize)

        #if os(Linux)
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; Swift does not import the macro.
        let unnamedFlag: Int32 = 0o20000000 | O_DIRECTORY
        if access("/proc/self/fd", F_OK) == 0 {
            let fd = open(directory, unnamedFlag | O_WRONLY | O_CLOEXEC, 0o644)
            if fd >= 0 {
                descriptor = fd
                return
            }
        }
        #endif
        var template = Array("\(directory)/.\(AtomicFile.fileName(of: path)).partial-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError.system("write", path) }
        // mkstemp makes the file 0600 whatever the umask; an output is what `open` would make.
        fchmod(fd, AtomicFile.mode(0o644))
        descriptor = fd
        temporaryPath = String(cString: template)
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends bytes (buffered).
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!finished, "write after commit or discard")
        if buffer.count + bytes.count > AtomicFile.bufferSize {
            try flush()
        }
        if bytes.count >= AtomicFile.bufferSize {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
        byteCount += bytes.count
    }

    /// Appends `bytes` to the temporary file (buffered).
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes `bytes` as the whole file at `path`, atomically.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try AtomicFile(path: path)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Replaces bytes already written, at `offset` from the start: for headers whose values are
    /// known only at the end (an APNG's frame count).
    package func overwrite(_ bytes: [UInt8], at offset: Int) throws {
        precondition(!finished, "write after commit or discard")
        precondition(offset >= 0 && offset + bytes.count <= byteCount, "overwrite beyond what was written")
        try flush()
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutputError.system("write", path)
                }
                done += written
            }
        }
    }

    /// Flushes, syncs and moves the file into place, replacing any file at `path`.
    package func commit() throws {
        precondition(!finished, "commit after commit or discard")
        do {
            try flush()
            guard fsync(descriptor) == 0 else { throw OutputError.system("write", path) }
            if let temporaryPath {
                guard rename(temporaryPath, path) == 0 else { throw OutputError.system("write", path) }
                self.temporaryPath = nil
            } else {
                try linkIntoPlace()
            }
        } catch {
            discard()
            throw error
        }
        close(descriptor)
        finished = true
    }

    /// Abandons the file: the temporary data is removed and `path` is left as it was.
    package func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        if let temporaryPath { unlink(temporaryPath) }
    }

    // MARK: - Helpers

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError.system("write", path)
            }
            offset += written
        }
    }

    /// Gives the unnamed file a hidden name beside `path`, then renames that over `path`.
    private func linkIntoPlace() throws {
        let staging = "\(directory)/.\(AtomicFile.fileName(of: path)).partial-\(getpid())"
        unlink(staging)
        guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, staging, AT_SYMLINK_FOLLOW) == 0 else {
            throw OutputError.system("write", path)
        }
        guard rename(staging, path) == 0 else {
            let code = errno
            unlink(staging)
            throw OutputError.system("write", path, errno: code)
        }
    }

    /// `requested` as the process's umask leaves it: the permissions a new file or directory
    /// made with `open` or `mkdir` gets, for outputs made another way (mkstemp, mkdtemp: 0600 and
    /// 0700 whatever the umask). The umask is read from /proc/self/status where Linux gives it, so
    /// other threads never see it changed; elsewhere it is set and put back.
    package static func mode(_ requested: mode_t) -> mode_t {
        requested & ~currentUmask()
    }

    private static func currentUmask() -> mode_t {
        #if os(Linux)
        if let status = try? FileReader.read("/proc/self/status"),
           let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(String(line.dropFirst("Umask:".count).filter { !$0.isWhitespace }), radix: 8) {
            return value
        }
        #endif
        let value = umask(0o022)
        umask(value)
        return value
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Throws a one-line error unless `directory` exists, is a directory, and is writable.
    static func checkWritableDirectory(_ directory: String, for path: String) throws {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw OutputError("cannot write '\(path)': directory '\(directory)' does not exist")
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputError("cannot write '\(path)': '\(directory)' is not a directory")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw OutputError("cannot write '\(path)': directory '\(directory)' is not writable")
        }
    }
}
