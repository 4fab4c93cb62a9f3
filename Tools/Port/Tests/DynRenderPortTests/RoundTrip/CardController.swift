import DynRenderUIKit

/// A card the user drags; a button puts it back. Written as on iOS.
class CardController: UIViewController {
    weak var card: UIView!
    var resetButton: UIButton!
    var resets = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 120, height: 80))
        card.backgroundColor = .systemOrange
        view.addSubview(card)
        self.card = card
        card.addGestureRecognizer(UIPanGestureRecognizer { [unowned self] recognizer in self.handlePan(recognizer) })

        resetButton = UIButton(frame: CGRect(x: 20, y: 700, width: 120, height: 44))
        resetButton.setTitle("Reset", for: .normal)
        resetButton.addAction(UIAction { [unowned self] _ in self.reset() }, for: .touchUpInside)
        view.addSubview(resetButton)
    }

    func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let translation = recognizer.translation(in: view)
        card.center = CGPoint(x: card.center.x + translation.x, y: card.center.y + translation.y)
        recognizer.setTranslation(.zero, in: view)
    }

    func reset() {
        resets += 1
        card.center = CGPoint(x: 160, y: 140)
    }
}
