import DynRenderUIKit
import Testing

// What apps' layouts, layers and controls do beyond the documentation's examples: a horizontal
// flow layout, layout attributes of their own class, a layer hung from its top edge, a button
// title placed to one side, and time read from Core Foundation's clock.

/// Attributes that carry a property of their own, as card-stack and parallax layouts' do.
final class TiltAttributes: UICollectionViewLayoutAttributes {
    var tilt: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TiltAttributes
        copy.tilt = tilt
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TiltAttributes, other.tilt == tilt else { return false }
        return super.isEqual(object)
    }
}

final class TiltingLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { TiltAttributes.self }

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 50, height: 50)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { attributes in
            let tilted = attributes.copy() as! TiltAttributes
            tilted.tilt = tilted.center.x / 100
            return tilted
        }
    }
}

@Suite struct LayoutAndLayerSnippet {
    /// A horizontal flow fills columns top to bottom, then left to right: in a 200-pt-high view
    /// three 50-pt items fit a column (⌊(200 + 10) / 60⌋), justified 75 pt apart; columns are
    /// 50 + 10 pt apart, and 20 items take 7 columns, 410 pt of content.
    @Test func aHorizontalFlowFillsColumns() throws {
        let layout = TiltingLayout()
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
        grid.reloadData(itemCounts: [20])
        layout.prepare()
        #expect(layout.collectionViewContentSize == CGSize(width: 410, height: 200))
        for item in [0, 1, 2, 3, 10, 19] {
            let frame = try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))).frame
            #expect(frame == CGRect(x: CGFloat(item / 3) * 60, y: CGFloat(item % 3) * 75, width: 50, height: 50), "item \(item): \(frame)")
        }
        let shown = try #require(layout.layoutAttributesForElements(in: CGRect(x: 55, y: 0, width: 70, height: 200)))
        #expect(shown.map(\.indexPath.item).sorted() == [3, 4, 5, 6, 7, 8], "columns 1 and 2 meet x 55…125")
        #expect(shown.allSatisfy { ($0 as? TiltAttributes)?.tilt == $0.center.x / 100 }, "the layout's own class, with its property")
    }

    /// `copy()` makes the subclass with its property; `isEqual` sees the property.
    @Test func attributesOfTheirOwnClassCopyAsThemselves() throws {
        let attributes = TiltAttributes(forCellWith: IndexPath(item: 4, section: 0))
        attributes.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        attributes.tilt = 0.25
        let copy = try #require(attributes.copy() as? TiltAttributes)
        #expect(copy !== attributes && copy.tilt == 0.25 && copy.frame == attributes.frame && copy.isEqual(attributes))
        copy.tilt = 0.5
        #expect(!copy.isEqual(attributes))
    }

    /// A layer anchored at its top edge, as bottom sheets and swinging signs set it: the
    /// position stays, so the view moves down by half its height, and a quarter turn swings it
    /// about that edge's midpoint.
    @Test func aLayerHangsFromItsAnchorPoint() throws {
        let host = Host()
        host.root.backgroundColor = .white
        let sign = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        sign.backgroundColor = .black
        host.root.addSubview(sign)
        sign.layer.anchorPoint = CGPoint(x: 0.5, y: 0)
        #expect(sign.layer.position == CGPoint(x: 150, y: 150))
        #expect(sign.frame == CGRect(x: 100, y: 150, width: 100, height: 100))
        sign.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let top = sign.convert(CGPoint(x: 50, y: 0), to: nil), corner = sign.convert(CGPoint(x: 0, y: 100), to: nil)
        #expect(abs(top.x - 150) < 1e-9 && abs(top.y - 150) < 1e-9, "the anchor stays put: \(top)")
        #expect(abs(corner.x - 50) < 1e-9 && abs(corner.y - 100) < 1e-9, "the bottom-left corner swings to the left: \(corner)")
        let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
        #expect(image[100, 150] == RGBA8(0, 0, 0), "x 50…150, y 100…200 after the turn")
        #expect(image[160, 150] == RGBA8(255, 255, 255) && image[100, 90] == RGBA8(255, 255, 255))
    }

    /// A title aligned left inside 12-pt insets starts its ink within a few points of 12; aligned
    /// right it ends as close to the far inset.
    @Test func aButtonTitleSitsWhereItsAlignmentSays() throws {
        func ink(_ alignment: UIControl.ContentHorizontalAlignment) throws -> ClosedRange<Int> {
            let host = Host()
            host.root.backgroundColor = .white
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 0, y: 0, width: 240, height: 44)
            button.setTitle("Settings", for: .normal)
            button.contentHorizontalAlignment = alignment
            button.contentEdgeInsets = UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
            host.root.addSubview(button)
            let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
            let columns = (0..<240).filter { x in (0..<44).contains { image[x, $0] != RGBA8(255, 255, 255) } }
            return try #require(columns.first)...(try #require(columns.last))
        }
        let left = try ink(.left), right = try ink(.right), centre = try ink(.center)
        #expect((12...15).contains(left.lowerBound), "\(left)")
        #expect((225...228).contains(right.upperBound), "\(right)")
        #expect(left.count == right.count && abs((centre.lowerBound + centre.upperBound) - 240) <= 2, "\(centre)")
    }

    /// Core Foundation's clock is the scene's: durations measured with it are scene seconds.
    @Test func absoluteTimeRunsOnTheScenesClock() {
        let host = Host()
        var readings: [CFAbsoluteTime] = []
        for time in [0.25, 1.5] { host.scene.at(time) { readings.append(CFAbsoluteTimeGetCurrent()) } }
        host.run(to: 2)
        #expect(readings.count == 2 && readings[1] - readings[0] == 1.25, "\(readings)")
    }
}
