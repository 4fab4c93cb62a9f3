import ArgumentParser
import DynRenderDemos

/// `dynrender list`: every demo with its one-line description.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the demos.")

    func run() throws {
        let width = DemoRegistry.all.map(\.name.count).max() ?? 0
        for demo in DemoRegistry.all {
            print(demo.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + demo.summary)
        }
    }
}
