// Your own app behind the dynamics: a screenshot as the backdrop, a half-height list of photo
// cells that a finger scrolls (cells slide under its edges), and an alert that snaps in over it,
// then falls away turning and fading, its "Dismiss" bar fading with it as one picture.
import DynRender

public final class AlertOverScreenshotScene: Scene {
    /// A red card with a white button across its top, cut at its rounded corners.
    public let alert = View(frame: CGRect(x: 70, y: -160, width: 250, height: 150), backgroundColor: .systemRed, cornerRadius: 14)

    /// `screenshot`: a PNG of the app's screen (any size: it is scaled to the canvas; a 3×
    /// screenshot of a 390 × 844 pt phone is 1170 × 2532 px). `photo`: a PNG for the cells.
    public init(screenshot: String, photo: String) {
        super.init(size: CGSize(width: 390, height: 844))
        backgroundImage = .file(screenshot)

        // The list: the lower part of the screen; cells crossing its edges are cut there.
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 116, height: 116)
        layout.minimumInteritemSpacing = 8
        layout.minimumLineSpacing = 8
        layout.sectionInset = EdgeInsets(top: 8, left: 13, bottom: 8, right: 13)
        let list = CollectionView(frame: CGRect(x: 0, y: 470, width: 390, height: 300), collectionViewLayout: layout,
                                  itemCounts: [30]) { _, _ in
            CellAppearance(backgroundColor: SystemColors.gray, cornerRadius: 12, image: .file(photo))
        }
        list.backgroundColor = .white
        addSubview(list)
        scroll(list, at: 0.2, duration: 0.6, along: .line(from: CGPoint(x: 200, y: 740), to: CGPoint(x: 200, y: 560)))

        // The alert drops in and snaps to the middle of the screen.
        alert.clipsToBounds = true
        let message = Label(frame: CGRect(x: 16, y: 64, width: 218, height: 60), text: "Photo saved to your library")
        message.textColor = .white
        message.textAlignment = .center
        message.numberOfLines = 2
        let dismiss = Button(frame: CGRect(x: 0, y: 0, width: 250, height: 44), title: "Dismiss", backgroundColor: .white)
        alert.addSubview(message)
        alert.addSubview(dismiss)
        addSubview(alert)
        animator.addBehavior(SnapBehavior(item: alert, snapTo: CGPoint(x: 195, y: 300)))

        // At 1.6 s it is let go: gravity pulls it down, a spin turns it, and it fades as one.
        at(1.6) { [unowned self] in
            animator.removeAllBehaviors()
            let spin = DynamicItemBehavior(items: [alert])
            spin.addAngularVelocity(-1.5, for: alert)
            animator.addBehavior(GravityBehavior(items: [alert]))
            animator.addBehavior(spin)
            animate(withDuration: 0.8) { self.alert.alpha = 0 }
        }
    }
}
