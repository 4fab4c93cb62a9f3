import ArgumentParser
import DynRender

/// `dynrender schema`: prints the JSON Schema of scene files, for editors.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "Print the JSON Schema (draft 2020-12) of scene files.",
        discussion: """
            Save it beside your scenes and point your editor at it: with yaml-language-server (VS \
            Code's YAML extension), a first line '# yaml-language-server: $schema=scene.schema.json' \
            completes keys, shows each key's description and flags mistakes as you type.
            """)

    func run() throws {
        print(SceneFileSchema.text, terminator: "")
    }
}
