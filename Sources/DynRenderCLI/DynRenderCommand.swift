import ArgumentParser
import DynRender
import CProcessTuning
import Foundation

/// `dynrender`: the command-line entry point. Commands only parse and compose; the work lives in
/// the library modules.
@main
struct DynRenderCommand {
    static func main() {
        keepFreedMemory()
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

    /// Asks glibc's allocator to keep freed memory for reuse. A render allocates and frees
    /// frame-sized buffers (a GIF frame's indices and its two variants: 1.2 MB each at springy's
    /// size) every frame; above glibc's default 128 KB threshold each came fresh from the kernel
    /// by `mmap`, and the kernel zeroing their pages was a sixth of a springy render
    /// (`perf`: page faults and `clear_page`). Heap memory up to 8 MB a block is reused instead.
    /// Larger blocks — a canvas's pixels, 11.85 MB at scale 3, as the canvas itself and as a
    /// photograph's block waiting for the writer — still come from `mmap` and go back when freed:
    /// with the ceiling at 32 MB, each such block freed into the heap left a hole that smaller
    /// buffers took, the next one grew the heap, and photos at scale 3 peaked at 99–105 MB
    /// against 88–95 MB now, for 7 000 more page faults in 25 000.
    /// (Rejected: pooling the buffers in the encoder — every owner of a large array would need
    /// its own pool, and a library should not change the process's allocator, so the CLI does.)
    static func keepFreedMemory() {
        dynrender_keep_freed_memory()
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
        case .webp: return "--webp"
        case .webpQuality: return "--webp-quality"
        case .pngDirectory: return "--png-dir"
        case .trace: return "--trace"
        case .fps: return "--fps"
        case .duration: return "--duration"
        case .scale: return "--scale"
        case .size: return "--size"
        case .lossiness: return "--lossy"
        case .dither: return "--dither"
        case .gifPalette: return "--gif-palette"
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
        subcommands: [ListCommand.self, DemoCommand.self, RenderCommand.self, TestCommand.self, SchemaCommand.self, GalleryCommand.self, RasterCommand.self, DiffCommand.self, RecordCommand.self,
                      PortCommand.self])
}
