//! Sixteen and eight 16-bit lanes in AVX2 registers: the operations the triad engine needs.
//!
//! Every function here is safe Rust: it is marked `#[target_feature(enable = "avx2")]` and
//! calls only intrinsics that take no pointer, on values (no load or store through a
//! pointer). Calling one needs AVX2 present; only code with the same target feature calls
//! them without `unsafe`, and the engine is entered once, after a runtime check
//! (`super::search`).

use std::arch::x86_64::*;

/// Sixteen lanes of 16 bits (a box's 4×4 matrix of candidate sets).
#[derive(Clone, Copy)]
pub(super) struct V16(__m256i);

/// Eight lanes of 16 bits (a band's six configuration sets, two lanes spare).
#[derive(Clone, Copy)]
pub(super) struct V8(__m128i);

/// A byte shuffle (`pshufb`) as 32 control bytes, each half picking within its own half.
#[derive(Clone, Copy)]
pub(super) struct Shuffle(pub(super) [i8; 32]);

impl Shuffle {
    /// The control that puts, in each half, source lane `from[i]` (0–7 within the half;
    /// `None`: zero) at lane `i`; `from[8..]` for the high half.
    pub(super) const fn lanes(from: [Option<u8>; 16]) -> Shuffle {
        let mut bytes = [0i8; 32];
        let mut i = 0;
        while i < 16 {
            match from[i] {
                Some(lane) => {
                    bytes[2 * i] = 2 * lane as i8;
                    bytes[2 * i + 1] = 2 * lane as i8 + 1;
                }
                None => {
                    bytes[2 * i] = i8::MIN;
                    bytes[2 * i + 1] = i8::MIN;
                }
            }
            i += 1;
        }
        Shuffle(bytes)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn vector(&self) -> __m256i {
        let b = &self.0;
        _mm256_setr_epi8(
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15],
            b[16], b[17], b[18], b[19], b[20], b[21], b[22], b[23], b[24], b[25], b[26], b[27], b[28], b[29], b[30],
            b[31],
        )
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn low(&self) -> __m128i {
        _mm256_castsi256_si128(self.vector())
    }
}

impl V16 {
    /// The lanes `lanes`, lane 0 first.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn of(lanes: &[i16; 16]) -> V16 {
        let l = lanes;
        V16(_mm256_setr_epi16(
            l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8], l[9], l[10], l[11], l[12], l[13], l[14], l[15],
        ))
    }

    /// Every lane `value`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn splat(value: u16) -> V16 {
        V16(_mm256_set1_epi16(value as i16))
    }

    /// `lo` in lanes 0–7, `hi` in lanes 8–15.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn join(lo: V8, hi: V8) -> V16 {
        V16(_mm256_set_m128i(hi.0, lo.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn lo(self) -> V8 {
        V8(_mm256_castsi256_si128(self.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn hi(self) -> V8 {
        V8(_mm256_extracti128_si256::<1>(self.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn and(self, other: V16) -> V16 {
        V16(_mm256_and_si256(self.0, other.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn or(self, other: V16) -> V16 {
        V16(_mm256_or_si256(self.0, other.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn xor(self, other: V16) -> V16 {
        V16(_mm256_xor_si256(self.0, other.0))
    }

    /// `self` without the bits of `other`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn minus(self, other: V16) -> V16 {
        V16(_mm256_andnot_si256(other.0, self.0))
    }

    /// Whether every bit of `self` is in `other`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn within(self, other: V16) -> bool {
        _mm256_testc_si256(other.0, self.0) == 1
    }

    /// Whether `self` and `other` share a bit.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn meets(self, other: V16) -> bool {
        _mm256_testz_si256(self.0, other.0) == 0
    }

    /// Each lane's count of set bits (lanes of at most 9 bits).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn counts(self) -> V16 {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
        );
        let nibble = _mm256_set1_epi16(0x0f);
        let low = _mm256_shuffle_epi8(table, _mm256_and_si256(self.0, nibble));
        let high = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), nibble));
        V16(_mm256_add_epi16(_mm256_add_epi16(low, high), _mm256_srli_epi16::<8>(self.0)))
    }

    /// All ones in the lanes equal to `other`'s, zero elsewhere.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn equal(self, other: V16) -> V16 {
        V16(_mm256_cmpeq_epi16(self.0, other.0))
    }

    /// Whether some lane is below `other`'s (lanes below 2¹⁵).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn any_below(self, other: V16) -> bool {
        let below = _mm256_cmpgt_epi16(other.0, self.0);
        _mm256_testz_si256(below, below) == 0
    }

    /// All ones in the lanes that are not zero.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn nonzero(self) -> V16 {
        V16(_mm256_andnot_si256(_mm256_cmpeq_epi16(self.0, _mm256_setzero_si256()), _mm256_set1_epi16(-1)))
    }

    /// The lanes rearranged by `control` (within each half).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn shuffle(self, control: &Shuffle) -> V16 {
        V16(_mm256_shuffle_epi8(self.0, control.vector()))
    }

    /// Each row of four lanes (a 64-bit quarter) replaced by the row `by` below it, cyclically.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn rows_up<const BY: i32>(self) -> V16 {
        V16(_mm256_permute4x64_epi64::<BY>(self.0))
    }

    /// The four rows of four lanes as 64-bit words.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn rows(self) -> [u64; 4] {
        [
            _mm256_extract_epi64::<0>(self.0) as u64,
            _mm256_extract_epi64::<1>(self.0) as u64,
            _mm256_extract_epi64::<2>(self.0) as u64,
            _mm256_extract_epi64::<3>(self.0) as u64,
        ]
    }
}

impl V8 {
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn of(lanes: &[i16; 8]) -> V8 {
        let l = lanes;
        V8(_mm_setr_epi16(l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn splat(value: u16) -> V8 {
        V8(_mm_set1_epi16(value as i16))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn zero() -> V8 {
        V8(_mm_setzero_si128())
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn and(self, other: V8) -> V8 {
        V8(_mm_and_si128(self.0, other.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn or(self, other: V8) -> V8 {
        V8(_mm_or_si128(self.0, other.0))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn xor(self, other: V8) -> V8 {
        V8(_mm_xor_si128(self.0, other.0))
    }

    /// `self` without the bits of `other`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn minus(self, other: V8) -> V8 {
        V8(_mm_andnot_si128(other.0, self.0))
    }

    /// Whether `self` and `other` share a bit.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn meets(self, other: V8) -> bool {
        _mm_testz_si128(self.0, other.0) == 0
    }

    /// The lanes rearranged by the low half of `control`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn shuffle(self, control: &Shuffle) -> V8 {
        V8(_mm_shuffle_epi8(self.0, control.low()))
    }

    /// The 128 bits as two words, lanes 0–3 first.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn words(self) -> [u64; 2] {
        [_mm_extract_epi64::<0>(self.0) as u64, _mm_extract_epi64::<1>(self.0) as u64]
    }

    /// The vector of two words, lanes 0–3 first.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn of_words(words: [u64; 2]) -> V8 {
        V8(_mm_set_epi64x(words[1] as i64, words[0] as i64))
    }

    /// Its set bits, all lanes together.
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    pub(super) fn ones(self) -> u32 {
        let [a, b] = self.words();
        a.count_ones() + b.count_ones()
    }
}
