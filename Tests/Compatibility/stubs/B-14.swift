import DynRenderUIKit
// minimal stand-in for UIGameKit/Views/AffectedByDynamics.swift
public protocol AffectedByDynamics: UIView {
    var affectedByGravity: Bool { get }
    var categoryBitMask: UInt32 { get }
    var collisionBitMask: UInt32 { get }
    var contactBitMask: UInt32 { get }
}
