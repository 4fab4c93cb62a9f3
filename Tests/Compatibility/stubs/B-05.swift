import DynRenderUIKit
// minimal stand-in for PaktorStackCardCollectionViewLayout
class PaktorStackCardCollectionViewLayout: UICollectionViewLayout {
    func next() {}
}
