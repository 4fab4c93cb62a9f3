import DynRenderUIKit
// minimal stand-ins for Stellar's Vectorial / Vector4 / UIDynamicBehavior.cancel()
struct Vector4 {
    var one: Double, two: Double, three: Double, four: Double
    init(_ v: (Double, Double, Double, Double)) { (one, two, three, four) = v }
}
protocol Vectorial {
    func reverse() -> Vector4
    func convert(_ v: Vector4) -> Self
}
extension UIDynamicBehavior {
    func cancel() {}
}
