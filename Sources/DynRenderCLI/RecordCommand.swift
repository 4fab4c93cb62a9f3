import ArgumentParser
import DynRenderDemos
import Foundation
import DynRenderGoldens

/// `dynrender record`: re-writes the demos' golden frames (what the golden tests compare with).
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "Re-record the demos' golden frames.",
        discussion: "Renders each demo's key moments at the golden scale into GOLDENS/NAME/<t>.png, rewriting only files whose pixels changed and removing stale ones. Run it when a demo is meant to look different, then review the changed PNGs before committing.")

    @Argument(help: "Demos to record (default: all).")
    var names: [String] = []

    @Option(help: ArgumentHelp("The goldens directory.", valueName: "dir"))
    var goldens = "Tests/Goldens"

    @Flag(help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        var demos: [Demo] = []
        for name in names {
            guard let demo = DemoRegistry.demo(named: name) else {
                let hint = DemoRegistry.closestName(to: name).map { "; did you mean '\($0)'?" } ?? ""
                throw CommandFailure.usage("unknown demo '\(name)'\(hint) (see 'dynrender list')")
            }
            demos.append(demo)
        }
        if demos.isEmpty { demos = DemoRegistry.all }
        for demo in demos {
            let stills = demo.goldenStills()
            let written: [String]
            do {
                written = try GoldenDirectory(path: (goldens as NSString).appendingPathComponent(demo.name)).record(stills)
            } catch {
                throw CommandFailure.io("cannot record \(demo.name): \(error)")
            }
            guard !quiet else { continue }
            print("\(demo.name): \(stills.count) goldens, " + (written.isEmpty ? "unchanged" : "wrote " + written.joined(separator: ", ")))
        }
        if !quiet, names.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: goldens) {
            for entry in entries.sorted() where DemoRegistry.demo(named: entry) == nil && !entry.hasPrefix(".") {
                print("note: \((goldens as NSString).appendingPathComponent(entry)) belongs to no demo")
            }
        }
    }
}
