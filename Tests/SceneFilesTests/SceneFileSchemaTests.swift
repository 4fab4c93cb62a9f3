import Foundation
import Testing
@testable import DynRenderSceneFiles

/// The schema editors use describes what the decoder reads: every object's properties are its
/// model's keys, every key is described, every `$ref` resolves and every choice lists its values.
@Suite struct SceneFileSchemaTests {
    /// Every object schema in `json`, with where it is.
    func objects(_ json: SchemaJSON, at path: String = "#") -> [(String, SchemaJSON)] {
        switch json {
        case let .object(pairs):
            var found: [(String, SchemaJSON)] = json["properties"] != nil ? [(path, json)] : []
            for (key, value) in pairs { found += objects(value, at: path + "/" + key) }
            return found
        case let .array(items):
            return items.enumerated().flatMap { objects($1, at: path + "/\($0)") }
        default:
            return []
        }
    }

    func names<K: CodingKey & CaseIterable>(_ keys: K.Type) -> [String] { keys.allCases.map(\.stringValue) }

    /// The copy beside the examples, which their first lines point editors at, is the schema.
    @Test func theCommittedSchemaIsCurrent() throws {
        let committed = try String(contentsOf: DemoSceneFileTests.scenes.appendingPathComponent("scene.schema.json"), encoding: .utf8)
        #expect(committed == SceneFileSchema.text, "Examples/Scenes/scene.schema.json is stale: dynrender schema > Examples/Scenes/scene.schema.json")
    }

    @Test func everyObjectIsItsModelsKeysDescribed() throws {
        let schema = SceneFileSchema.document
        let definitions = try #require(schema["$defs"])
        // The decoder's key sets, by where the schema defines them.
        let models: [(SchemaJSON?, [String])] = [
            (schema, names(SceneFileModel.CodingKeys.self)), (definitions["canvas"], names(CanvasSpec.CodingKeys.self)),
            (definitions["output"], names(OutputSpec.CodingKeys.self)), (definitions["view"], names(ViewSpec.CodingKeys.self)),
            (definitions["shadow"], names(ShadowSpec.CodingKeys.self)), (definitions["behaviour"], names(BehaviourSpec.CodingKeys.self)),
            (definitions["gravity"], names(GravitySpec.CodingKeys.self)), (definitions["collision"], names(CollisionSpec.CodingKeys.self)),
            (definitions["boundary"], names(BoundarySpec.CodingKeys.self)), (definitions["push"], names(PushSpec.CodingKeys.self)),
            (definitions["snap"], names(SnapSpec.CodingKeys.self)), (definitions["attachment"], names(AttachmentSpec.CodingKeys.self)),
            (definitions["itemProperties"], names(ItemPropertiesSpec.CodingKeys.self)), (definitions["field"], names(FieldSpec.CodingKeys.self)),
            (definitions["event"], names(TimelineEventSpec.CodingKeys.self)), (definitions["animation"], names(AnimationSpec.CodingKeys.self)),
            (definitions["change"], names(AnimationSpec.Change.CodingKeys.self)), (definitions["checks"], names(ChecksSpec.CodingKeys.self)),
        ]
        for (object, keys) in models {
            guard case let .object(properties)? = object?["properties"] else { Issue.record("no properties for \(keys)"); continue }
            #expect(properties.map(\.0) == keys)
        }
        for (path, object) in objects(schema) {
            guard case let .object(properties)? = object["properties"] else { continue }
            #expect(object["additionalProperties"] == .bool(false), "\(path) refuses unknown keys")
            for (key, property) in properties {
                if case let .string(text)? = property["description"] { #expect(text.count > 3, "\(path).\(key)") }
                else { Issue.record("\(path).\(key) has no description") }
            }
        }
        // Every reference resolves; every enumeration has values.
        let text = SceneFileSchema.text
        let references = Set(text.components(separatedBy: "\"#/$defs/").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        guard case let .object(defined) = definitions else { return }
        #expect(references.subtracting(defined.map(\.0)).isEmpty, "undefined: \(references.subtracting(defined.map(\.0)))")
        #expect(!text.contains(#""enum": []"#))
    }
}
