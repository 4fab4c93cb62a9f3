import Foundation

/// libFuzzer's driver, called with the process's arguments: SwiftPM gives every executable its
/// own renamed entry point, so the fuzz targets cannot use libFuzzer's `main` and start the
/// driver from theirs instead (libFuzzer's documented `LLVMFuzzerRunDriver`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Runs libFuzzer over `test` (one input's bytes and length) with the command line's options;
/// exits with its status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The bytes of one input (an empty buffer for a null pointer).
public func inputBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: count > 0 ? data : nil, count: count > 0 ? count : 0)
}
