// Renders the scene defined in FallingSquaresScene to a GIF: the program a new user copies first.
import DynRender
import FallingSquaresScene

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "falling-squares.gif"
do {
    let summary = try FallingSquaresScene(size: CGSize(width: 390, height: 500))
        .render(duration: 3.5, to: .gif(path))
    print("wrote \(path): \(summary.frameCount) frames")
} catch {
    FileHandle.standardError.write(Data("FallingSquares: \(error)\n".utf8))
    exit(1)
}
