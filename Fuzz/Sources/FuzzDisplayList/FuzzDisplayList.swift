import DynRender
@testable import DynRenderDisplayList
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzDisplayList) }
}

/// libFuzzer's entry: the bytes as lines of a display-list file. Every line is either a frame
/// within `DisplayListLimits` or a `DisplayListError`; anything else (a trap, a crash) is a finding.
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzDisplayList(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: inputBytes(data, count), as: UTF8.self)
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        do {
            let frame = try DisplayListJSON.decode(String(line), lineNumber: number + 1)
            // A frame that was accepted is within the limits, and writes back out as a line that
            // reads again (text and path data included).
            try frame.list.checkLimits()
            _ = try DisplayListJSON.decode(try DisplayListJSON.encode(frame), lineNumber: number + 1)
        } catch is DisplayListError {
        } catch {
            fatalError("decoding line \(number + 1) threw an unexpected error: \(error)")
        }
    }
    return 0
}
