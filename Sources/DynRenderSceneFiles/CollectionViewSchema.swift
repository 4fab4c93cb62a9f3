import Foundation
import DynRenderDisplayList

/// The schema of a scene file's collection views, the points fingers go to, and the timeline's
/// changes to behaviours' items.
extension SceneFileSchema {
    static var layout: SchemaJSON {
        object(LayoutSpec.CodingKeys.self, "A collection view's layout.", required: [.kind]) { key in
            switch key {
            case .kind: return ("flow (UIKit's), springy (cells on springs), draggable (long press lifts the selected cells) or newtonian (a Newton's cradle).",
                                choice(LayoutSpec.Kind.self))
            case .itemSize: return ("Each cell's size, points (default [50, 50]).", ref("size"))
            case .minimumInteritemSpacing: return ("Least space between cells in a row, points (default 10).", number(0...DisplayListLimits.maximumExtent))
            case .minimumLineSpacing: return ("Least space between rows, points (default 10).", number(0...DisplayListLimits.maximumExtent))
            case .sectionInset: return ("Space around each section's cells (default none).", ref("insets"))
            case .springs: return ("A springy layout's springs: tiled (near the visible cells, the default) or naive (one per cell).",
                                   choice(LayoutSpec.SpringsName.self))
            }
        }
    }

    static var cell: SchemaJSON {
        object(CellSpec.CodingKeys.self, "How the cells look.") { key in
            switch key {
            case .backgroundColor: return ("Every cell's colour (default system grey).", ref("color"))
            case .colors: return ("Colours taken in turn by item number, instead of one.", list(ref("color")))
            case .selectedBackgroundColor: return ("A selected cell's colour (default system red).", ref("color"))
            case .cornerRadius: return ("Points.", number(0...DisplayListLimits.maximumExtent))
            }
        }
    }

    static var touchPoint: SchemaJSON {
        .object([
            ("description", .string("[x, y] in points, or the centre of a collection view's cell")),
            ("anyOf", .array([
                ref("point"),
                object(TouchPointSpec.CodingKeys.self, "A collection view's cell, where it is when the scene is built.", required: [.cell, .in]) { key in
                    switch key {
                    case .cell: return ("The item number.", .object([("type", .string("integer")), ("minimum", .number(0))]))
                    case .section: return ("The section (default 0).", .object([("type", .string("integer")), ("minimum", .number(0))]))
                    case .in: return ("The collection view, by id.", ref("id"))
                    case .offset: return ("From the cell's centre, points.", ref("vector"))
                    }
                },
            ])),
        ])
    }

    static var itemsChange: SchemaJSON {
        object(ItemsChange.CodingKeys.self, "Behaviours and the items that join or leave them.", required: [.behaviours, .items]) { key in
            switch key {
            case .behaviours: return ("The behaviours, by id.", ref("ids"))
            case .items: return ("The views, by id.", ref("ids"))
            }
        }
    }

    static var velocity: SchemaJSON {
        object(VelocitySpec.CodingKeys.self, "Velocity added to an item.", required: [.behaviour, .item]) { key in
            switch key {
            case .behaviour: return ("An itemProperties behaviour holding the item, by id.", ref("id"))
            case .item: return ("The view, by id.", ref("id"))
            case .linear: return ("[vx, vy] added, points per second.", ref("vector"))
            case .angular: return ("Added, radians per second (clockwise on screen).", number(-1e6...1e6))
            }
        }
    }
}
