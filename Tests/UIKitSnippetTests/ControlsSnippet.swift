import DynRenderUIKit
import Foundation
import Testing

// A button with an action, the screen's scale, and the edges: no data source, no items, no size.
final class CounterViewController: UIViewController {
    var taps = 0
    var scaleAtLoad: CGFloat = 0
    let button = UIButton(frame: CGRect(x: 120, y: 400, width: 150, height: 44), title: nil)

    override func viewDidLoad() {
        super.viewDidLoad()
        scaleAtLoad = UIScreen.main.scale
        button.setTitle("Count", for: .normal)
        button.setTitleColor(.systemBlue, for: .normal)
        button.addAction(UIAction { [unowned self] _ in taps += 1 }, for: .touchUpInside)
        view.addSubview(button)
    }
}

@Suite struct ControlsSnippet {
    /// A tap inside counts; a press that slides off before lifting does not; the screen scale
    /// in viewDidLoad is the scene's render scale.
    @Test func aButtonActionRunsOnTouchUpInside() {
        let controller = CounterViewController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        #expect(controller.scaleAtLoad == 3 && controller.button.title == "Count")
        scene.tap(at: CGPoint(x: 195, y: 422), time: 0.2)
        scene.touch(at: 0.6, duration: 0.4, along: .line(from: CGPoint(x: 195, y: 422), to: CGPoint(x: 195, y: 600)))
        scene.tap(at: CGPoint(x: 268, y: 440), time: 1.2)  // inside, near the corner
        scene.advance(to: 2)
        #expect(controller.taps == 2)
    }

    /// A collection view with no data source, one with no items, and a zero-size one draw and
    /// step without trouble, and a tap on them selects nothing.
    @Test func emptyCollectionViewsAndZeroSizeViewsAreHarmless() {
        final class Empty: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                fatalError("never asked: there are no items")
            }
        }
        let scene = Scene(size: CGSize(width: 390, height: 844))
        let none = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        let empty = UICollectionView(frame: CGRect(x: 0, y: 300, width: 390, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        let source = Empty()
        empty.dataSource = source
        let zero = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        let dot = UIView(frame: .zero), holder = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        holder.addSubview(dot)
        for view in [none, empty, zero, holder] { scene.addSubview(view) }
        let animator = UIDynamicAnimator(referenceView: holder)
        animator.addBehavior(UIGravityBehavior(items: [dot]))
        scene.tap(at: CGPoint(x: 100, y: 100), time: 0.1)
        scene.tap(at: CGPoint(x: 100, y: 400), time: 0.3)
        scene.advance(to: 1)
        _ = Still.render(scene, at: [1], scale: 1)
        #expect(none.numberOfSections == 0 && empty.numberOfItems(inSection: 0) == 0)
        #expect(none.indexPathsForSelectedItems == [] && empty.indexPathsForSelectedItems == [])
    }
}
