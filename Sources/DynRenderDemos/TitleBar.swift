import Foundation
import DynRenderScene
import DynRenderDisplayList
import DynRenderPixels

/// The navigation bar the documentation's demo app shows above each behaviour: a translucent
/// white bar under the status bar (47 pt, an iPhone 14's) with the behaviour's name centred in
/// the headline style (17 pt semibold) and a hairline beneath. Added last, so content passes
/// under it as it does under a real navigation bar.
enum TitleBar {
    /// Status bar plus bar, points.
    static let height = 47.0 + 44.0

    static func add(_ title: String, to scene: Scene) {
        let width = Double(scene.size.width)
        let bar = View(frame: CGRect(x: 0, y: 0, width: width, height: height), backgroundColor: Color(249, 249, 249, 240))
        bar.addSubview(View(frame: CGRect(x: 0, y: height - 1.0 / 3, width: width, height: 1.0 / 3),
                            backgroundColor: Color(0, 0, 0, 77)))
        let label = Label(frame: CGRect(x: 16, y: 47, width: width - 32, height: 44), text: title)
        label.font = .preferred(.headline)
        label.textAlignment = .center
        bar.addSubview(label)
        scene.addSubview(bar)
    }
}
