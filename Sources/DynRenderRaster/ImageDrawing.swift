import Foundation
import CRasterKernels
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderImages

extension Rasterizer {
    /// An image entry: every pixel its rounded rectangle touches gets the image sampled at the
    /// pixel's centre, mapped back through the entry's transform, scaled by the rectangle's exact
    /// coverage there (the same as a `rect` of that geometry) and the entry's opacity, and is
    /// composited source-over.
    ///
    /// Sampling, on premultiplied pixels: bilinear between pixel centres (weights to 1/256,
    /// edges clamped); when the map shrinks the image by more than 2× (the longer of the
    /// footprint's two axes, in source pixels per output pixel), from the mip level that brings
    /// it under 2×, so every source pixel counts and a scaled-down screenshot does not shimmer.
    /// `.nearest` takes the source pixel under the centre. An image that cannot be read draws
    /// nothing here: the pipeline and the display-list reader check images
    /// (`DisplayList.checkImages`) before any frame is drawn.
    func draw(_ image: ImageShape, scale: Double, into canvas: inout Canvas) {
        let opacity = min(max(image.alpha, 0), 1)
        guard opacity > 0, let bitmap = try? ImageLibrary.shared.image(for: image.source),
              let geometry = ShapeCoverage(image.outline.shape(), scale: scale),
              let box = geometry.pixelBounds(width: canvas.width, height: canvas.height) else { return }
        // Canvas pixel → image pixel (level 0): p/scale − centre, through the inverse transform,
        // plus the half size, times image pixels per point.
        let t = image.transform
        let det = Double(t.a * t.d - t.b * t.c)
        guard det != 0, det.isFinite else { return }
        let ia = Double(t.d) / det, ib = -Double(t.b) / det, ic = -Double(t.c) / det, id = Double(t.a) / det
        // The crop's pixels fill the rectangle; it starts at (cropX, cropY) image pixels.
        let cropWidth = Double(image.crop.width) * Double(bitmap.width), cropHeight = Double(image.crop.height) * Double(bitmap.height)
        let cropX = Double(image.crop.minX) * Double(bitmap.width), cropY = Double(image.crop.minY) * Double(bitmap.height)
        let sx = cropWidth / Double(image.size.width), sy = cropHeight / Double(image.size.height)
        guard sx.isFinite, sy.isFinite, cropX.isFinite, cropY.isFinite else { return }
        // u = u0 + dudx·X + dudy·Y, v likewise, at pixel centres X, Y (+½).
        let dudx = ia * sx / scale, dudy = ic * sx / scale, dvdx = ib * sy / scale, dvdy = id * sy / scale
        let u0 = (-(ia * Double(image.center.x) + ic * Double(image.center.y)) + Double(image.size.width) / 2) * sx + cropX
        let v0 = (-(ib * Double(image.center.x) + id * Double(image.center.y)) + Double(image.size.height) / 2) * sy + cropY
        let footprint = max((dudx * dudx + dvdx * dvdx).squareRoot(), (dudy * dudy + dvdy * dvdy).squareRoot())
        // ⌊log₂ footprint⌋ by halving (no libm on the frame path), at most the last level.
        var levelIndex = 0
        if image.filter == .linear && footprint > 2 {
            var remaining = footprint
            while remaining >= 2 && levelIndex < bitmap.levelCount - 1 {
                remaining /= 2
                levelIndex += 1
            }
        }
        let level = bitmap.level(levelIndex)
        // Level coordinates: the level's size over the image's (exact for halvings rounded up).
        let lx = Double(level.width) / Double(bitmap.width), ly = Double(level.height) / Double(bitmap.height)
        let factor = UInt64(opacity * 65536 + 0.5)
        let width = canvas.width
        let nearest = image.filter == .nearest
        let maxX = level.width - 1, maxY = level.height - 1
        let rows = canvas.rows(box.y0, box.y1)
        /// The texel rows (offsets into the level) between whose centres `v` falls, clamped at
        /// the edges, and the weight of the lower one to 1/256. Shifted by one so truncation is the
        /// floor (no libm call per pixel).
        @inline(__always) func texelRows(_ v: Double) -> (ya: Int, yb: Int, wy: UInt64) {
            let fv = min(max(v + 0.5, 0), Double(level.height + 1))
            let iv = Int(fv)
            let y0 = iv &- 1
            return (min(max(y0, 0), maxY) &* level.width, min(max(y0 &+ 1, 0), maxY) &* level.width,
                    UInt64((fv - Double(iv)) * 256 + 0.5))
        }
        level.pixels.withUnsafeBufferPointer { texels in
            // Bilinear sampling of fully covered pixels goes to C where the level's offsets fit
            // its 32-bit lanes.
            let sampledInC = !nearest && level.width * level.height < Int(Int32.max)
                ? DRTexels(texels: texels.baseAddress, width: level.width, height: level.height) : nil
            /// Bilinear between the centres of the four texels around `u` on texel rows `rows`.
            @inline(__always) func bilinear(_ u: Double, _ rows: (ya: Int, yb: Int, wy: UInt64)) -> UInt32 {
                let fu = min(max(u + 0.5, 0), Double(level.width + 1))
                let iu = Int(fu)
                let wx = UInt64((fu - Double(iu)) * 256 + 0.5), wy = rows.wy
                let x0 = iu &- 1
                let xa = min(max(x0, 0), maxX), xb = min(max(x0 &+ 1, 0), maxX)
                // Weights to 1/256 that sum to 256 exactly. (Wrapping operators: the clamps above
                // keep every value in range; with the overflow checks, drawing the photos demo's
                // pictures took 1.7 times the perf samples.)
                let w11 = (wx &* wy &+ 128) &>> 8, w10 = wx &- w11, w01 = wy &- w11, w00 = 256 &+ w11 &- wx &- wy
                let p00 = texels[rows.ya &+ xa], p10 = texels[rows.ya &+ xb], p01 = texels[rows.yb &+ xa], p11 = texels[rows.yb &+ xb]
                // Four equal texels mix to themselves (weights summing to 256, rounded): flat parts
                // of a picture skip the arithmetic.
                return p00 == p10 && p00 == p01 && p00 == p11 ? p00 : PackedPixel.mix(p00, p10, p01, p11, w00, w10, w01, w11)
            }
            /// The row's fully covered pixels from `pixel` on, sampled in C: from the samples kept
            /// for the row when there are some, else sampled (and kept, with `entry`).
            func drawInterior(_ level: DRTexels, row y: Int, count: Int, at pixel: UnsafeMutablePointer<UInt32>,
                              u: inout Double, v: inout Double, stepU: Double, stepV: Double, entry: PictureRowCache.Entry?) {
                guard let entry, dr_samples_are_texels(level, u, v, stepU, stepV, count) == 0 else {
                    dr_sample_bilinear(level, &u, &v, stepU, stepV, count, pixel, factor)
                    return
                }
                if entry.starts[y] < 0 {
                    guard pictureRows.makeRoom(for: count, in: entry) else {
                        dr_sample_bilinear(level, &u, &v, stepU, stepV, count, pixel, factor)
                        return
                    }
                    let start = entry.samples.count
                    entry.samples.append(contentsOf: repeatElement(0, count: count))
                    entry.samples.withUnsafeMutableBufferPointer { samples in
                        dr_sample_row(level, &u, &v, stepU, stepV, count, samples.baseAddress! + start)
                    }
                    entry.starts[y] = start
                    entry.uAfter[y] = u
                } else {
                    // Where the stepping would have left u; v steps by 0 (the picture is not
                    // turned), which sums to itself after one step as after many.
                    u = entry.uAfter[y]
                    v += stepV
                    pictureRows.noteReuse()
                }
                entry.samples.withUnsafeBufferPointer { samples in
                    dr_put_samples(samples.baseAddress! + entry.starts[y], count, pixel, factor)
                }
            }
            // An unturned picture's rows may be kept from frame to frame (`PictureRowCache`).
            let keepable = sampledInC != nil && dvdx == 0 && dudy == 0
            func drawRows(_ entry: PictureRowCache.Entry?) {
                canvas.pixels.withUnsafeMutableBytes { bytes in
                    let words = bytes.bindMemory(to: UInt32.self)
                    for y in rows {
                        guard let span = geometry.columns(inRow: y, width: width) else { continue }
                        let inside = geometry.interior(inRow: y, width: width)
                        let rowTerms = geometry.row(y)
                        let cy = Double(y) + 0.5
                        // Level coordinates at the span's first pixel centre, stepped along the row.
                        let first = Double(span.lowerBound) + 0.5
                        var u = (u0 + dudx * first + dudy * cy) * lx, v = (v0 + dvdx * first + dvdy * cy) * ly
                        let stepU = dudx * lx, stepV = dvdx * ly
                        // An image that is not turned samples one pair of texel rows along a canvas
                        // row (v does not step): found once for the row, with the same values.
                        let rowTexels = stepV == 0 ? texelRows(v) : nil
                        let rowStart = y * width
                        var x = span.lowerBound
                        while x < span.upperBound {
                            if x == inside.lowerBound, !inside.isEmpty, let level = sampledInC {
                                // Fully covered: eight at a time in C, the same bytes (`dr_sample_bilinear`).
                                drawInterior(level, row: y, count: inside.count, at: words.baseAddress! + rowStart + x,
                                             u: &u, v: &v, stepU: stepU, stepV: stepV, entry: entry)
                                x = inside.upperBound
                                continue
                            }
                            defer { u += stepU; v += stepV; x += 1 }
                            let coverage = inside.contains(x) ? 1 : geometry.coverage(x: x, y: y, row: rowTerms)
                            if coverage <= 0 { continue }
                            let sample: UInt32
                            if nearest {
                                // Truncation is the floor here: the values are clamped to ≥ 0 first.
                                let px = Int(min(max(u, 0), Double(maxX))), py = Int(min(max(v, 0), Double(maxY)))
                                sample = texels[py * level.width + px]
                            } else {
                                sample = bilinear(u, rowTexels ?? texelRows(v))
                            }
                            if sample >> 24 == 0 { continue }
                            let k = coverage >= 1 ? factor : UInt64(opacity * coverage * 65536 + 0.5)
                            // An opaque sample at full strength replaces the pixel: what `over` gives
                            // then (nothing of the destination kept, the source rounded back to itself).
                            if sample >> 24 == 255 && k == 65536 {
                                words[rowStart &+ x] = sample
                                continue
                            }
                            words[rowStart &+ x] = PackedPixel.over(sample, factor: k, onto: words[rowStart &+ x])
                        }
                    }
                }
            }
            if keepable {
                pictureRows.withEntry(for: image, scale: scale, width: canvas.width, height: canvas.height) { drawRows($0) }
            } else {
                drawRows(nil)
            }
        }
    }
}
