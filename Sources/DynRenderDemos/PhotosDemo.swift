import Foundation
import DynRenderDisplayList
import DynRenderDynamics
import DynRenderGeometry
import DynRenderImages
import DynRenderPixels
import DynRenderScene

/// Pictures that look like the app: over a screenshot of a Settings screen, three photo cards —
/// white cards with a picture (an image view with rounded, clipped corners) and a caption — are
/// thrown in one after another, turning as they fly, and pile up on the floor under gravity. At
/// the end the top card fades away as one picture (group opacity: its photo and caption never
/// show the card through them).
package final class PhotosScene: Scene {
    /// The cards, in the order they are thrown.
    package let cards: [View]
    package let gravity: GravityBehavior
    package let collision: CollisionBehavior
    package let flight: DynamicItemBehavior

    package init(size: CGSize) {
        let captions = ["Dawn", "Noon", "Dusk"]
        cards = DemoPictures.photos.enumerated().map { index, photo in
            let card = View(frame: CGRect(x: 0, y: 0, width: 170, height: 156), backgroundColor: Color(SystemColors.white), cornerRadius: 8)
            card.shadow = Shadow(offset: CGVector(dx: 0, dy: 3), blur: 12, color: RGBA8(0, 0, 0, 70))
            let picture = ImageView(frame: CGRect(x: 8, y: 8, width: 154, height: 115.5), image: Image(source: photo))
            picture.cornerRadius = 4
            picture.clipsToBounds = true
            card.addSubview(picture)
            let caption = Label(frame: CGRect(x: 8, y: 126, width: 154, height: 26), text: captions[index])
            caption.font = .system(size: 15, weight: 600)
            caption.textAlignment = .center
            card.addSubview(caption)
            card.isHidden = true
            return card
        }
        gravity = GravityBehavior(items: [])
        collision = CollisionBehavior(items: [])
        collision.translatesReferenceBoundsIntoBoundary = true
        flight = DynamicItemBehavior(items: [])
        flight.elasticity = 0.25
        flight.friction = 0.6
        super.init(size: size)
        backgroundImage = DemoPictures.screenshot
        for card in cards { addSubview(card) }
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(flight)
        // Thrown from the upper corners, alternately, each turning as it flies.
        let tosses: [(at: TimeInterval, from: CGPoint, velocity: CGPoint, spin: CGFloat)] = [
            (0.2, CGPoint(x: 100, y: 200), CGPoint(x: 260, y: -200), 2.6),
            (0.9, CGPoint(x: 290, y: 180), CGPoint(x: -240, y: -150), -3.2),
            (1.6, CGPoint(x: 190, y: 150), CGPoint(x: -20, y: -160), 0.9),
        ]
        for (card, toss) in zip(cards, tosses) {
            at(toss.at) { [unowned self] in
                card.center = toss.from
                card.isHidden = false
                gravity.addItem(card)
                collision.addItem(card)
                flight.addItem(card)
                flight.addLinearVelocity(toss.velocity, for: card)
                flight.addAngularVelocity(toss.spin, for: card)
            }
        }
        // The last card fades away as one picture.
        at(3.4) { [unowned self] in
            animate(withDuration: 0.6) { self.cards[2].alpha = 0 }
        }
    }
}

extension DemoRegistry {
    static let photos = Demo(
        name: "photos",
        summary: "Photo cards are thrown onto a pile over an app screenshot; the top card fades away as one picture.",
        size: CGSize(width: 390, height: 844), duration: 4.4,
        keyTimes: [0, 0.8, 1.6, 3.0, 3.7, 4.4], posterTime: 3.0,
        makeScene: { PhotosScene(size: $0) })
}
