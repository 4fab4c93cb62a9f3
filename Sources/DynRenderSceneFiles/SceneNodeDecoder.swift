import Foundation
import DynRenderGeometry

/// A `Decoder` over a `SceneNode` tree: the scene file's `Decodable` model is read from it, and
/// every error it throws is a `DecodingError` whose coding path leads back to a line and column.
/// Stricter than YAML's own typing, as a hand-written file needs: a key the model does not know
/// is an error (with the closest known key suggested, from the model's `CaseIterable` coding
/// keys), numbers must be plain scalars, and `true`/`false` are the only booleans.
///
/// (Rejected: Yams' own `YAMLDecoder`, which ignores unknown keys and reports no positions.)
struct SceneNodeDecoder: Decoder {
    let node: SceneNode
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .mapping(pairs, _) = node else { throw mismatch("a mapping of keys", node, codingPath) }
        for pair in pairs where Key(stringValue: pair.key) == nil {
            let known = knownKeys(Key.self)
            let suggestion = closest(to: pair.key, in: known).map { "; did you mean '\($0)'?" } ?? ""
            let list = known.isEmpty ? "" : " (keys: \(known.joined(separator: ", ")))"
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [NodeKey(pair.key)],
                                                    debugDescription: "unknown key '\(pair.key)'\(suggestion.isEmpty ? list : suggestion)"))
        }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(pairs: pairs, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case let .sequence(items, _) = node else { throw mismatch("a list", node, codingPath) }
        return UnkeyedNodeContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { SingleNodeContainer(node: node, codingPath: codingPath) }
}

/// A key or index in a coding path.
struct NodeKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init(index: Int) { stringValue = String(index); intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

private func knownKeys<Key: CodingKey>(_ type: Key.Type) -> [String] {
    func names<K: CodingKey & CaseIterable>(_ k: K.Type) -> [String] { k.allCases.map(\.stringValue) }
    guard let iterable = type as? any (CodingKey & CaseIterable).Type else { return [] }
    return names(iterable)
}

/// The name in `names` closest to `name`, if it is close enough to be a typo.
func closest(to name: String, in names: [String]) -> String? {
    NameSuggestion.closest(to: name, in: names, typosOnly: true)
}

private func mismatch(_ expected: String, _ node: SceneNode, _ path: [CodingKey]) -> DecodingError {
    var found = node.kindName
    if case let .scalar(text, quoted, _) = node { found = quoted ? "the text \"\(text)\"" : "'\(text)'" }
    return DecodingError.typeMismatch(Any.self, .init(codingPath: path, debugDescription: "expected \(expected), found \(found)"))
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let pairs: [(key: String, keyMark: SourceMark, value: SceneNode)]
    let codingPath: [CodingKey]
    var allKeys: [Key] { pairs.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { pairs.contains { $0.key == key.stringValue } }

    private func value(_ key: Key) throws -> SceneNode {
        guard let pair = pairs.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing key '\(key.stringValue)'"))
        }
        return pair.value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: SceneNodeDecoder(node: try value(key), codingPath: codingPath + [key]))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        let node = try value(key)
        if node.isNull { return nil }
        return try T(from: SceneNodeDecoder(node: node, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try SceneNodeDecoder(node: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try SceneNodeDecoder(node: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { SceneNodeDecoder(node: .mapping(pairs, at: SourceMark(line: 1, column: 1)), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder { SceneNodeDecoder(node: try value(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let items: [SceneNode]
    let codingPath: [CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [SceneNode], codingPath: [CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next() throws -> (SceneNode, [CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the list is too short"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [NodeKey(index: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next()
        return try T(from: SceneNodeDecoder(node: node, codingPath: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try next()
        return try SceneNodeDecoder(node: node, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (node, path) = try next()
        return try SceneNodeDecoder(node: node, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (node, path) = try next()
        return SceneNodeDecoder(node: node, codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueDecodingContainer {
    let node: SceneNode
    let codingPath: [CodingKey]

    func decodeNil() -> Bool { node.isNull }

    private func scalar(_ expected: String) throws -> (text: String, quoted: Bool) {
        guard case let .scalar(text, quoted, _) = node else { throw mismatch(expected, node, codingPath) }
        return (text, quoted)
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        let (text, quoted) = try scalar("true or false")
        guard !quoted, text == "true" || text == "false" else { throw mismatch("true or false", node, codingPath) }
        return text == "true"
    }

    func decode(_ type: String.Type) throws -> String {
        let (text, quoted) = try scalar("text")
        guard quoted || !node.isNull else { throw mismatch("text", node, codingPath) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        let (text, quoted) = try scalar("a number")
        guard !quoted, let value = Double(text.replacingOccurrences(of: "_", with: "")), value.isFinite else {
            throw mismatch("a number", node, codingPath)
        }
        return value
    }

    func decode(_ type: Int.Type) throws -> Int {
        let (text, quoted) = try scalar("a whole number")
        guard !quoted, let value = Int(text.replacingOccurrences(of: "_", with: "")) else { throw mismatch("a whole number", node, codingPath) }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(try decode(Int.self)) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(try decode(Int.self)) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(try decode(Int.self)) }
    func decode(_ type: Int64.Type) throws -> Int64 { Int64(try decode(Int.self)) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(try decode(Int.self)) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(try decode(Int.self)) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(try decode(Int.self)) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(try decode(Int.self)) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(try decode(Int.self)) }

    private func narrow<T: FixedWidthInteger>(_ value: Int) throws -> T {
        guard let narrowed = T(exactly: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) is out of range (\(T.min)...\(T.max))"))
        }
        return narrowed
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: SceneNodeDecoder(node: node, codingPath: codingPath)) }
}

extension KeyedDecodingContainer {
    /// An error at `key`: its value is wrong for the reason `message` gives.
    func invalid(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: message))
    }
}

extension SceneFileError {
    /// A decoding error from `SceneNodeDecoder`, placed in `root`'s text.
    init(decoding error: DecodingError, root: SceneNode, file: String) {
        let context: DecodingError.Context
        switch error {
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .dataCorrupted(c), let .keyNotFound(_, c):
            context = c
        @unknown default:
            self.init(file: file, mark: nil, path: [], message: "\(error)")
            return
        }
        let components = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        self.init(file: file, mark: root.mark(at: components), path: components, message: context.debugDescription)
    }
}
