import Foundation
import DynRender
@testable import DynRenderSceneFiles
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzSceneFile) }
}

/// The folder fuzzed files live in: empty, so every picture they name is missing.
let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("dynrender-fuzz-scene-files")

/// libFuzzer's entry: the bytes as a scene file (YAML or JSON). It is either refused with a
/// `SceneFileError` or builds a scene, which then runs its first quarter second and draws;
/// anything else (a trap, a crash, unbounded memory or time) is a finding.
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzSceneFile(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: inputBytes(data, count), as: UTF8.self)
    do {
        let file = try SceneFile(text: text, name: "fuzz.yaml", url: folder.appendingPathComponent("fuzz.yaml"),
                                 paths: FilePathPolicy(base: folder))
        let scene = try file.makeScene()
        scene.advance(to: min(file.duration, 0.25))
        _ = scene.displayList(scale: 1)
        _ = try file.renderOptions()
    } catch is SceneFileError {
    } catch {
        fatalError("reading a scene file threw an unexpected error: \(error)")
    }
    return 0
}
