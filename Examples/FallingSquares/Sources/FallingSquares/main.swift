// Renders the scene defined in FallingSquaresScene to a GIF: the program a new user copies first.
import Demos
import FallingSquaresScene
import Foundation
import Rendering

let demo = Demo(name: "falling-squares", summary: "Three squares fall and bounce in a box.",
                size: CGSize(width: 390, height: 500), duration: 3.5,
                makeScene: { FallingSquaresScene(size: $0) })
var options = RenderOptions()
options.gifPath = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "falling-squares.gif"
do {
    let plan = try RenderPlan(demo: demo, options: options)
    try FrameRenderer(options: options).run(plan)
    print("wrote \(options.gifPath!)")
} catch {
    FileHandle.standardError.write(Data("FallingSquares: \(error)\n".utf8))
    exit(1)
}
