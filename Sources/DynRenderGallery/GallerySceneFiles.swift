import Foundation
import DynRenderDemos
import DynRenderScene
import DynRenderSceneFiles

/// A scene file as one entry of the gallery (`dynrender gallery --scenes DIR`): named after the
/// file, with its canvas, length and still hold; its `checks` frames (else the start, quarters
/// and end) as the contact sheet's moments; drawn at its canvas scale unless the gallery sets one;
/// its leading comment as the summary.
extension Demo {
    package init(sceneFile file: SceneFile) {
        let box = SceneFileBox(file)
        let frames = file.checks?.frames ?? []
        self.init(name: file.url.deletingPathExtension().lastPathComponent, summary: file.summary, size: file.size,
                  duration: file.duration, keyTimes: frames.isEmpty ? nil : frames, galleryScale: file.canvasScale,
                  stillHold: file.stillHold, sourceFile: file.url.relativePath, makeScene: { size in
                      // The file was read and checked already; building it again cannot fail on
                      // its own contents (an empty scene stands in if a picture vanished since).
                      (try? box.file.makeScene()) ?? Scene(size: size)
                  })
    }

    /// Every scene file (`.yaml`, `.yml`, `.json`) directly in `folder`, sorted by name, read
    /// and checked: the first bad file's error is thrown before anything renders.
    package static func sceneFiles(in folder: URL, allowedDirectories: [URL] = []) throws -> [Demo] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ["yaml", "yml", "json"].contains(($0 as NSString).pathExtension) && !$0.hasSuffix(".schema.json") }
            .sorted()
        return try names.map { Demo(sceneFile: try SceneFile(contentsOf: folder.appendingPathComponent($0), allowedDirectories: allowedDirectories)) }
    }
}

/// A read scene file shared by the renders that build its scene: it is only read after being
/// checked, so threads may share it.
private final class SceneFileBox: @unchecked Sendable {
    let file: SceneFile
    init(_ file: SceneFile) { self.file = file }
}
