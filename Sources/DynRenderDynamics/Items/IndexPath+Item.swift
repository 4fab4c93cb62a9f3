import Foundation

#if !canImport(UIKit)
/// UIKit's item and section accessors, on Linux where UIKit's extension does not exist.
extension IndexPath {
    /// The index path of item `item` in section `section`, as UIKit builds them: [section, item].
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The item within its section.
    public var item: Int { self[1] }
    /// The section.
    public var section: Int { self[0] }
}
#endif
