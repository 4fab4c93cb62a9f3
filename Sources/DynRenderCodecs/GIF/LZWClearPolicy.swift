/// When a full GIF dictionary is cleared. giflib clears the moment the table is full (a
/// "deferred clear" is never written), and a fresh table then spends its first few thousand
/// codes relearning strings the full one already held. GIF allows the other choice: a full table
/// stays in use, its codes 12 bits wide, until a clear code comes (every decoder adds no entry
/// past 4 095). This type makes that choice code by code, the same way for the encoder
/// (`LZWStream`) and the lossy planner (`LZWPlanner`), which must parse alike.
///
/// The rule: while the table is filling, count the pixels its codes cover and the bits they
/// take. That ratio is what a fresh table costs, relearning included. Once the table is full,
/// keep a moving average of the pixels each 12-bit code covers (weight 1/16 per code) and clear
/// when the full table's cost per pixel rises above `patience` times the fresh table's — the
/// picture has moved on to colours the table does not know — or when its codes hold hardly more
/// than a pixel each (`floor`).
///
/// Against clearing at once, measured on the GIFs of D1–D3 (2 cs apart) and seven demos: D2
/// −2.4 %, drawing −2.4 %, photos −1.4 %, alert −1.1 %, D3 −0.3 %, the others within ±0.1 %.
/// (Rejected: gifsicle's rewinding, which re-encodes from the point where strings got short; it
/// needs the encoder to keep and restore its output position, and the three streams compressed
/// at once would each rewind on their own.)
struct LZWClearPolicy {
    /// How much worse than a fresh table's cost per pixel the full one may get, in 1/256ths:
    /// 450, 1.76 times. Tried from 1 to 12 times on D1–D3 (2 cs apart) and the springy, alert,
    /// photos, cradle, vortex and drawing demos: at 1 times the full table is cleared about as
    /// soon as giflib would (D2 −0.4 %, D3 0 %); 1.76 is smallest or within 0.1 % of it on every
    /// one; 2.3 times is 0.5 % larger on cradle and drawing; 4 times and more, larger on all.
    /// (The fresh table's figure counts its learning, which the full table has behind it.)
    static let patience = 450
    /// The moving average's weight, a power of two: each code counts 1/16. 1/64 and 1/256 were
    /// tried: no smaller at their best patience, and a slower answer when the picture changes.
    static let shift = 4

    /// Below this average, pixels per code (8 fractional bits), a full table is cleared whatever
    /// the fresh one did: 18 / code size, 2.25 pixels for 8-bit images (gifsicle's floor is twice
    /// that). Noise, whose codes hold a pixel or two, then costs what it costs giflib — kept full,
    /// 12-bit codes make it up to 4 % larger — and pictures do not notice: D1–D3 and the alert,
    /// photos and cradle demos give the same bytes as without a floor, the drawing demo 0.03 % more
    /// (36 / code size: 0.4 % more on drawing; 72: 2 % on drawing, 1 % on photos).
    private let floor: Int

    /// A policy for a stream of `codeSize`-bit indices (GIF's minimum code size, 2…8).
    init(codeSize: Int) {
        floor = (18 << 8) / codeSize
    }

    /// Pixels covered and bits written since the last clear, while the table was filling.
    private var pixels = 0, bits = 0
    /// Once full: the moving average of pixels per code (8 fractional bits), and the average
    /// below which the table is cleared. 0 while the table is filling.
    private var average = 0, threshold = 0

    /// A new or just-cleared table.
    mutating func reset() {
        pixels = 0
        bits = 0
        average = 0
        threshold = 0
    }

    /// The table is not full yet: a code covering `length` pixels was written while `nextCode`
    /// was the next free code (its bit length stands for the code's width: the same figure in
    /// the encoder and the planner, which is all the rule needs).
    @inline(__always) mutating func wroteWhileFilling(length: Int, nextCode: Int) {
        pixels += length
        bits += Int.bitWidth - nextCode.leadingZeroBitCount
    }

    /// The table is full and a 12-bit code covering `length` pixels was just written: whether to
    /// clear it now.
    @inline(__always) mutating func shouldClear(afterWriting length: Int) -> Bool {
        if threshold == 0 {
            // The fresh table's pixels per bit, as pixels per 12-bit code.
            let fresh = max(pixels * 12 * 256 / max(bits, 1), 1)
            threshold = max(fresh * 256 / Self.patience, 1)
            average = fresh
        }
        average += (length << 8 - average) >> Self.shift
        return average < threshold || average < floor
    }
}
