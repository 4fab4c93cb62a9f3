import DynRenderUIKit
// minimal stand-in for UIKitDynamicsDemo/Circle.swift
class Circle: UIView {
    static var randomCircle: Circle { Circle(frame: CGRect(x: 0, y: 0, width: 20, height: 20)) }
}
