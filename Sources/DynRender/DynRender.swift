// The front door: `import DynRender` gives a user everything needed to define a scene (views,
// collection views, behaviours, a timeline), render it to GIF, APNG or PNG frames, and compare
// frames — and nothing else: the demos, the gallery and the command line stay out of a user's
// namespace, and what the modules share among themselves is `package` access, out of sight. The
// three front doors are the only modules that re-export others (this one, `DynRenderTesting` for
// test targets and `DynRenderUIKit` for ported UIKit code); each module below imports exactly
// what it uses.
// Foundation too, as UIKit does: CGPoint, CGSize, CGRect and TimeInterval are in every signature.
@_exported import Foundation
@_exported import DynRenderGeometry
@_exported import DynRenderPixels
@_exported import DynRenderDynamics
@_exported import DynRenderDisplayList
@_exported import DynRenderText
@_exported import DynRenderImages
@_exported import DynRenderCollectionViews
@_exported import DynRenderScene
@_exported import DynRenderRaster
@_exported import DynRenderCodecs
@_exported import DynRenderPipeline
@_exported import DynRenderSceneFiles
@_exported import DynRenderDiff
@_exported import DynRenderDiffFiles
