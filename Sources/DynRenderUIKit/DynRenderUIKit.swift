// The UIKit-spelled front door: `import DynRenderUIKit` in place of `import UIKit`. Everything of
// `import DynRender` comes with it, and UIKit's names are dynrender's own types (the same
// objects, not copies), so code written against UIKit Dynamics keeps its spelling.
@_exported import DynRender
