import DynRenderUIKit
import Testing

// Cells as apps build them: a subclass that puts a label and a badge in its content view, a
// data source that configures it, cells that round their corners and cut their content.
final class NumberCell: UICollectionViewCell {
    let number = UILabel()
    let badge = UIView()

    required override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBlue
        layer.cornerRadius = 12
        clipsToBounds = true
        number.frame = CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
        number.textAlignment = .center
        number.textColor = .white
        number.font = .boldSystemFont(ofSize: 28)
        badge.frame = CGRect(x: frame.width - 20, y: -10, width: 30, height: 30)
        badge.backgroundColor = .systemRed
        contentView.addSubview(number)
        contentView.addSubview(badge)
    }

    required init?(coder: NSCoder) { nil }
}

final class NumbersSource: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number.text = "\(indexPath.item + 1)"
        return cell
    }
}

@Suite struct CellContentSnippet {
    /// Each cell draws its content view's subviews where the layout puts it: white digits on the
    /// blue cell, and the red badge cut at the cell's rounded corner (its part outside the cell
    /// is not drawn).
    @Test func cellsDrawTheirContentViewsClippedToTheirBounds() throws {
        let host = Host()
        host.root.backgroundColor = .white
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 20
        layout.minimumLineSpacing = 20
        layout.sectionInset = UIEdgeInsets(top: 20, left: 15, bottom: 20, right: 15)
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        grid.backgroundColor = .white
        grid.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        let source = NumbersSource()
        grid.dataSource = source
        host.root.addSubview(grid)
        host.run(to: 0.1)
        let image = try #require(Still.render(host.scene, at: [0.1], scale: 1).first).image
        // The first cell: x 15…115, y 20…120.
        let cell = CGRect(x: 15, y: 20, width: 100, height: 100)
        let inside = (Int(cell.minX) + 5..<Int(cell.maxX) - 25).flatMap { x in (Int(cell.minY) + 25..<Int(cell.maxY) - 5).map { (x, $0) } }
        let white = inside.filter { image[$0.0, $0.1] == RGBA8(255, 255, 255) }.count
        #expect(white > 20, "the digit's white ink inside the cell: \(white) pixels")
        #expect(image[Int(cell.midX) - 40, Int(cell.maxY) - 8] == UIColor.systemBlue.rgba, "the cell's own blue")
        #expect(image[Int(cell.maxX) - 8, Int(cell.minY) + 14] == UIColor.systemRed.rgba, "the badge, inside the cell")
        #expect(image[Int(cell.maxX) + 5, Int(cell.minY) - 5] == RGBA8(255, 255, 255), "the badge's overhang is cut off")
    }
}
