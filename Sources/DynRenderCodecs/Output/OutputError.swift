#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output file or directory could not be written. Its description is one line naming the
/// path and the reason, fit for the command line.
///
/// ```swift
/// do { try PNGEncoder().write(image, to: "/no/such/dir/a.png") } catch let error as OutputError {
///     print(error)   // cannot write '/no/such/dir/a.png': No such file or directory
/// }
/// ```
package struct OutputError: Error, CustomStringConvertible, Equatable {
    package let description: String

    /// An error whose description is `description`.
    package init(_ description: String) {
        self.description = description
    }

    /// An error for `path` from the current `errno`, e.g. "cannot write 'x.gif': No space left on device".
    package static func system(_ action: String, _ path: String, errno code: Int32 = errno) -> OutputError {
        OutputError("cannot \(action) '\(path)': \(String(cString: strerror(code)))")
    }
}

/// Why an image could not be encoded or decoded.
///
/// ```swift
/// do { _ = try PNGDecoder().decode([1, 2, 3]) } catch let error as CodecError { print(error) }
/// ```
package struct CodecError: Error, CustomStringConvertible, Equatable {
    package let description: String

    /// An error whose description is `description`.
    package init(_ description: String) {
        self.description = description
    }
}
