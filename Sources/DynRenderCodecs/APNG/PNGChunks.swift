import CPNG

/// PNG chunk framing for the chunks libpng does not write (APNG's acTL, fcTL, fdAT): length,
/// type, data and CRC-32 (zlib's), all big-endian — and the reverse: walking a stream's chunks
/// (the APNG decoder) and finding the IDAT data in a PNG libpng wrote.
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

    /// The big-endian 32-bit number at `offset`.
    static func integer(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// The chunks of a PNG stream, in order, as (type, data); the walk stops at the first chunk
    /// that does not lie inside the bytes. CRCs are left to libpng for the data it decodes.
    static func chunks(of png: [UInt8]) throws -> Chunks {
        guard png.starts(with: signature) else { throw CodecError("not a PNG stream") }
        return Chunks(bytes: png)
    }

    struct Chunks: Sequence {
        let bytes: [UInt8]

        struct Iterator: IteratorProtocol {
            let bytes: [UInt8]
            var offset = PNGChunks.signature.count

            mutating func next() -> (type: String, data: [UInt8])? {
                guard offset + 12 <= bytes.count else { return nil }
                let length = PNGChunks.integer(bytes, offset)
                let start = offset + 8
                guard start + length + 4 <= bytes.count else { return nil }
                let type = String(decoding: bytes[(offset + 4)..<start], as: UTF8.self)
                offset = start + length + 4
                return (type, Array(bytes[start..<(start + length)]))
            }
        }

        func makeIterator() -> Iterator { Iterator(bytes: bytes) }
    }

    /// The IHDR data and the concatenated IDAT data (one zlib stream) of a PNG file.
    static func imageData(of png: [UInt8]) throws -> (header: [UInt8], data: [UInt8]) {
        var header: [UInt8]?
        var data: [UInt8] = []
        for chunk in try chunks(of: png) {
            switch chunk.type {
            case "IHDR": header = chunk.data
            case "IDAT": data += chunk.data
            default: break
            }
        }
        guard let header else { throw CodecError("PNG stream without IHDR") }
        return (header, data)
    }
}
