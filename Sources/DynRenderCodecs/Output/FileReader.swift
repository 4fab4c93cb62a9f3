#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files, with one-line errors.
///
/// ```swift
/// let bytes = try FileReader.read("golden.png")
/// ```
package enum FileReader {
    /// The whole regular file at `path`, or an error naming it; a FIFO, a device or a directory is
    /// refused rather than read for ever.
    package static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError.system("read", path) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw OutputError.system("read", path) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw OutputError("cannot read '\(path)': not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.system("read", path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
