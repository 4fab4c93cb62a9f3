import ArgumentParser
import DynRender
import Foundation

/// `dynrender`: the command-line entry point. Commands only parse and compose; the work lives in
/// the library modules.
@main
struct DynRender {
    static func main() {
        do {
            var command = try RootCommand.parseAsRoot()
            try command.run()
        } catch let error as CommandFailure {
            fail(error.message, code: error.exitCode)
        } catch let code as ExitCode {
            exit(code.rawValue)  // a verdict already printed, such as diff's "different"
        } catch {
            let code = RootCommand.exitCode(for: error)
            if code == .success {
                // --help, --version: print what ArgumentParser prepared.
                print(RootCommand.fullMessage(for: error))
                exit(0)
            }
            let message = RootCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "invalid usage"
            fail(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message, code: 2)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("dynrender: \(message)\n".utf8))
        exit(code)
    }
}

/// A failure with the exit code the CLI promises: 2 for bad usage, 1 for rendering or writing.
struct CommandFailure: Error {
    let message: String
    let exitCode: Int32

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 2) }
    static func io(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 1) }

    /// A library usage error, its options named by their flags.
    static func usage(_ error: RenderUsageError) -> CommandFailure { usage(error.message(naming: flag)) }

    /// The flag that sets each of `RenderOptions`' knobs.
    static func flag(_ option: RenderOption) -> String {
        switch option {
        case .gif: return "--gif"
        case .apng: return "--apng"
        case .pngDirectory: return "--png-dir"
        case .trace: return "--trace"
        case .fps: return "--fps"
        case .duration: return "--duration"
        case .scale: return "--scale"
        case .size: return "--size"
        case .lossiness: return "--lossy"
        case .loop: return "--loop"
        case .pngCompressionLevel: return "--png-level"
        case .threads: return "--threads"
        }
    }
}

struct RootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynrender",
        abstract: "Run UIKit-Dynamics-style physics headlessly and render it to GIF or PNG.",
        subcommands: [ListCommand.self, DemoCommand.self, GalleryCommand.self, RasterCommand.self, DiffCommand.self, RecordCommand.self])
}
