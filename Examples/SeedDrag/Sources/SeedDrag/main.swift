// Renders the seed's drag example to a GIF: `swift run SeedDrag out.gif`.
import DynRenderUIKit
import Foundation
import SeedDragApp

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "seed-drag.gif"
do {
    let scene = SeedDragScene()
    scene.showsTouches = true
    let summary = try scene.render(duration: 6.5, to: .gif(path))
    print("wrote \(path): \(summary.frameCount) frames")
} catch {
    FileHandle.standardError.write(Data("SeedDrag: \(error)\n".utf8))
    exit(1)
}
