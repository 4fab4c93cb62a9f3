import DynRenderUIKit
// minimal stand-in for Snowflake.swift
class Snowflake: UIView {
    init(position: CGPoint, minimumSize: CGFloat, maximumSize: CGFloat) { super.init(frame: CGRect(origin: position, size: CGSize(width: minimumSize, height: minimumSize))) }
    required init?(coder: NSCoder) { return nil }
}
