import ArgumentParser
import DynRenderPort
import Foundation

/// `dynrender-port FILE…`: prints a unified diff of what porting each file to DynRenderUIKit
/// changes, or rewrites the files with `--in-place`; reports what it recognises but cannot
/// rewrite with file, line and column.
///
/// Exit status: 0 when everything was rewritten (or nothing needed it), 1 when something was
/// reported as not rewritable (those files are left as they are with `--in-place`), 2 for bad
/// input (a file that does not parse, is not text, is too large or cannot be written), with
/// nothing written.
@main
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynrender-port",
        abstract: "Rewrite what Swift on Linux cannot compile in UIKit code, for DynRenderUIKit.",
        discussion: """
            Rewrites `import UIKit`, target-action with #selector (gesture recognisers, controls' \
            addTarget, Timer, CADisplayLink, NotificationCenter) into closures, removes @objc and \
            Interface Builder attributes, gives the file's own @objc optional requirements default \
            implementations, and turns the animator's setValue(_, forKey: "debugEnabled") into \
            showsDebugOverlay. Prints a unified diff (apply it with `patch -p0`) unless --in-place is given.
            """)

    @Argument(help: "Swift files, or directories whose *.swift files (recursively) are ported.")
    var paths: [String]

    @Flag(name: .customLong("in-place"), help: "Rewrite the files (atomically) instead of printing a diff; a file with something not rewritable is left as it is.")
    var inPlace = false

    mutating func run() throws {
        let files: [String]
        do {
            files = try PortFiles.expand(paths)
        } catch {
            fail("\(error)")
        }
        var ported: [(path: String, original: String, result: PortResult)] = []
        var bad = false
        for path in files {
            do {
                let source = try PortFiles.read(path)
                ported.append((path, source, try Porting.port(source)))
            } catch let error as PortSyntaxError {
                for line in error.diagnostics { FileHandle.standardError.write(Data("\(path):\(line)\n".utf8)) }
                bad = true
            } catch {
                FileHandle.standardError.write(Data("dynrender-port: \(path): \(error)\n".utf8))
                bad = true
            }
        }
        if bad { throw ExitCode(2) }
        var reported = false
        for file in ported {
            for finding in file.result.findings {
                FileHandle.standardError.write(Data("\(file.path):\(finding)\n".utf8))
                reported = true
            }
        }
        if inPlace {
            let writes = ported.filter { $0.result.changed && $0.result.findings.isEmpty }
            // Every target must be writable before any is changed.
            for file in writes {
                if let problem = PortFiles.unwritable(file.path) { fail("\(file.path): \(problem); nothing was written") }
            }
            for file in writes { try PortFiles.write(file.result.text, to: file.path) }
        } else {
            for file in ported where file.result.changed {
                print(UnifiedDiff.make(old: file.original, new: file.result.text, oldName: file.path, newName: file.path),
                      terminator: "")
            }
        }
        if reported { throw ExitCode(1) }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("dynrender-port: \(message)\n".utf8))
        Foundation.exit(2)
    }
}
