import CPNG

/// PNG chunk framing for the chunks libpng does not write (APNG's acTL, fcTL, fdAT): length,
/// type, data and CRC-32 (zlib's), all big-endian — and the reverse, finding the IDAT data in a
/// PNG libpng wrote.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: 4-byte length, 4-byte type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a chunk type is four letters")
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// The IHDR data and the concatenated IDAT data (one zlib stream) of a PNG file.
    static func imageData(of png: [UInt8]) throws -> (header: [UInt8], data: [UInt8]) {
        guard png.starts(with: signature) else { throw CodecError("not a PNG stream") }
        var offset = signature.count
        var header: [UInt8]?
        var data: [UInt8] = []
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= png.count else { throw CodecError("truncated PNG chunk \(type)") }
            switch type {
            case "IHDR": header = Array(png[start..<(start + length)])
            case "IDAT": data.append(contentsOf: png[start..<(start + length)])
            default: break
            }
            offset = start + length + 4
        }
        guard let header else { throw CodecError("PNG stream without IHDR") }
        return (header, data)
    }
}
