import DynRender

/// `UICollectionView`: dynrender's `CollectionView`, a view with a data source and a delegate,
/// the same object a layout's `collectionView` is.
///
/// ```swift
/// let grid = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
/// grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
/// grid.dataSource = self
/// view.addSubview(grid)
/// ```
public typealias UICollectionView = CollectionView
/// `UICollectionViewCell`: a cell drawn as its view (its layer and its content view's subviews).
public typealias UICollectionViewCell = CollectionViewCell
/// `UICollectionViewDataSource`: item counts and cells.
public typealias UICollectionViewDataSource = CollectionViewDataSource
/// `UICollectionViewDelegate`: told when a tap selects a cell.
public typealias UICollectionViewDelegate = CollectionViewDelegate
