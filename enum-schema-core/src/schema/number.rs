//! JSON numbers read and compared exactly: an answer's [`Reading`], the
//! bounds an integer field has ([`Int`], [`Limit`]), and [`compare`]. A
//! leaf of the wire model: the checks, the rules and the errors' messages
//! share it.

use std::cmp::Ordering;

use serde_json::Number;

/// 2^53: below it, every integer is a double of its own.
pub(crate) const EXACT_DOUBLES: f64 = 9_007_199_254_740_992.0;
/// 2^128: beyond every bound an integer field has.
pub(crate) const BEYOND_BOUNDS: f64 = 340_282_366_920_938_463_463_374_607_431_768_211_456.0;

/// An integer of up to 128 bits and a sign: every bound an integer field
/// has, and every integer a double below 2^128 holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Int {
    pub(crate) negative: bool,
    pub(crate) magnitude: u128,
}

impl Int {
    pub(crate) const fn new(negative: bool, magnitude: u128) -> Int {
        Int {
            // Zero has one sign.
            negative: negative && magnitude != 0,
            magnitude,
        }
    }

    pub(crate) fn to_f64(self) -> f64 {
        let magnitude = self.magnitude as f64;
        if self.negative {
            -magnitude
        } else {
            magnitude
        }
    }
}

impl From<i128> for Int {
    fn from(value: i128) -> Int {
        Int::new(value < 0, value.unsigned_abs())
    }
}

impl From<u128> for Int {
    fn from(value: u128) -> Int {
        Int::new(false, value)
    }
}

impl Ord for Int {
    fn cmp(&self, other: &Int) -> std::cmp::Ordering {
        match (self.negative, other.negative) {
            (false, false) => self.magnitude.cmp(&other.magnitude),
            (true, true) => other.magnitude.cmp(&self.magnitude),
            (false, true) => std::cmp::Ordering::Greater,
            (true, false) => std::cmp::Ordering::Less,
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Int) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// What a JSON number, as serde_json read it, says about its value.
///
/// serde_json reads an integer literal within `i64`/`u64` exactly, and
/// anything else (a fraction, an exponent, an integer beyond 64 bits) as
/// the nearest double. At or beyond 2^53 a double stands for every number
/// that rounds to it: `-9223372036854775809` and `-9223372036854775808.0`
/// both arrive as the double -2^63. Deciding whether such a number is
/// within a bound takes the whole range it may stand for, so that nothing
/// outside the bound is ever let through as a nearby value inside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Reading {
    /// An integer known exactly: an integer literal within 64 bits, or an
    /// integral double below 2^53.
    Exact(Int),
    /// An integral double at or beyond 2^53 (and below 2^128): the integer
    /// it holds, and the integers `low..=high` that round to it.
    Rounded { value: Int, low: Int, high: Int },
    /// A number with a fractional part (below 2^53, necessarily).
    Fraction(f64),
    /// A double at or beyond 2^128 in magnitude: an integer beyond every
    /// bound.
    Huge(f64),
}

impl Reading {
    pub(crate) fn of(number: &Number) -> Reading {
        if let Some(value) = number.as_i64() {
            return Reading::Exact(i128::from(value).into());
        }
        if let Some(value) = number.as_u64() {
            return Reading::Exact(u128::from(value).into());
        }
        // serde_json's numbers are finite.
        let value = number.as_f64().unwrap_or(0.0);
        if value.fract() != 0.0 {
            return Reading::Fraction(value);
        }
        let negative = value < 0.0;
        let magnitude = value.abs();
        if magnitude < EXACT_DOUBLES {
            // Exact: an integral double below 2^53 converts without loss.
            return Reading::Exact(Int::new(negative, magnitude as u128));
        }
        if magnitude >= BEYOND_BOUNDS {
            return Reading::Huge(value);
        }
        // The neighbouring doubles; their distances are powers of two, so
        // these subtractions are exact, and so are the conversions.
        let bits = magnitude.to_bits();
        let below = magnitude - f64::from_bits(bits - 1);
        let above = f64::from_bits(bits + 1) - magnitude;
        let (magnitude, below, above) = (magnitude as u128, below as u128, above as u128);
        // Everything up to half-way to each neighbour rounds to this double
        // (the half-way point itself too, when ties go its way): both ends
        // are taken, so that a bound is never crossed. Below 2^128 the
        // upper end still fits: at most 2^128 - 2^74.
        let (near, far) = (magnitude - below / 2, magnitude + above / 2);
        let (low, high) = if negative { (far, near) } else { (near, far) };
        Reading::Rounded {
            value: Int::new(negative, magnitude),
            low: Int::new(negative, low),
            high: Int::new(negative, high),
        }
    }

    /// Whether every number this may stand for is at least `minimum`.
    pub(crate) fn at_least(self, minimum: Int) -> bool {
        match self {
            Reading::Exact(value) => value >= minimum,
            Reading::Rounded { low, .. } => low >= minimum,
            // A fraction lies strictly between integers, and a huge double
            // beyond them all: comparing doubles decides.
            Reading::Fraction(value) | Reading::Huge(value) => value > minimum.to_f64(),
        }
    }

    /// Whether every number this may stand for is at most `maximum`.
    pub(crate) fn at_most(self, maximum: Int) -> bool {
        match self {
            Reading::Exact(value) => value <= maximum,
            Reading::Rounded { high, .. } => high <= maximum,
            Reading::Fraction(value) | Reading::Huge(value) => value < maximum.to_f64(),
        }
    }
}

/// Whether `answer` is on the right side of `bound`: not `outside` it
/// (`Less` for a minimum, `Greater` for a maximum).
pub(crate) fn within(answer: &Number, bound: &Number, outside: Ordering) -> bool {
    Limit::of(bound).holds(answer, outside)
}

/// Compares two JSON numbers exactly when both are integers, as floats
/// otherwise.
pub(crate) fn compare(a: &Number, b: &Number) -> Option<Ordering> {
    let integer = |n: &Number| {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
    };
    // An integral float within i128 compares as an integer, so that
    // 9007199254740992.0 is below 9007199254740993. (Mutation testing:
    // `< 1e38` and `<= 1e38` differ only at 1e38 itself, which compares the
    // same either way: exactly with any float, and above every JSON integer;
    // tests/mutants.sh skips that mutant.)
    let exact = |n: &Number| {
        integer(n).or_else(|| {
            let float = n.as_f64()?;
            (float.fract() == 0.0 && float.abs() < 1e38).then_some(float as i128)
        })
    };
    match (exact(a), exact(b)) {
        (Some(a), Some(b)) => Some(a.cmp(&b)),
        _ => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// A bound as a number check compares it: an integer known exactly (a
/// typed field's integer bound, of up to 128 bits, or a JSON integer
/// literal), or any other JSON number.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Limit<'a> {
    /// An exact integer.
    Exact(Int),
    /// A JSON number compared as `compare` does.
    Json(&'a Number),
}

impl<'a> Limit<'a> {
    /// A JSON bound: exact when it is an integer known exactly.
    pub(crate) fn of(bound: &'a Number) -> Limit<'a> {
        match Reading::of(bound) {
            Reading::Exact(exact) => Limit::Exact(exact),
            _ => Limit::Json(bound),
        }
    }

    /// Whether `answer` is not `outside` this bound (`Less` for a minimum,
    /// `Greater` for a maximum).
    pub(crate) fn holds(self, answer: &Number, outside: Ordering) -> bool {
        match (self, outside) {
            (Limit::Exact(bound), Ordering::Less) => Reading::of(answer).at_least(bound),
            (Limit::Exact(bound), _) => Reading::of(answer).at_most(bound),
            (Limit::Json(bound), _) => compare(answer, bound) != Some(outside),
        }
    }
}

/// A number as a person types it into a host's field: an optional sign
/// (`-`, or `+`), decimal digits with at most one point (`.5` and `5.`
/// read as `0.5` and `5`), and an optional exponent (`1e3`, `2.5E-2`).
/// Nothing else: no hexadecimal, `Infinity`, `NaN`, digit separators or
/// inner spaces. The value is `digits × 10^exponent`, exactly. JSON's
/// numbers are among them: the answers' JSON text is read with it too
/// (`form/text.rs`), so that a number is read exactly or refused.
#[derive(Debug, PartialEq)]
pub(crate) struct Decimal {
    negative: bool,
    /// The significant digits, without leading zeros (empty for zero).
    digits: String,
    exponent: i64,
}

/// Whether `text` reads as a [`Decimal`], whatever its size (the
/// reasons of `crate::messages`, with `ask` or `host`).
#[cfg(any(feature = "ask", feature = "host"))]
pub(crate) fn is_decimal(text: &str) -> bool {
    decimal_parts(text).is_some()
}

/// The sign, the digits before and after the point, and the exponent of
/// a decimal number as typed; `None` if `text` is not one.
fn decimal_parts(text: &str) -> Option<(bool, &str, &str, i64)> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    let exponent = match exponent {
        None => 0,
        Some(exponent) => {
            let unsigned = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
            if unsigned.is_empty() || !digits(unsigned) {
                return None;
            }
            // Beyond any double either way; the exact value is not needed.
            let magnitude: i64 = unsigned.get(..7).unwrap_or(unsigned).parse().ok()?;
            let magnitude = if unsigned.len() > 7 {
                9_999_999
            } else {
                magnitude
            };
            if exponent.starts_with('-') {
                -magnitude
            } else {
                magnitude
            }
        }
    };
    Some((negative, whole, fraction, exponent))
}

impl Decimal {
    /// Reads `text` (already trimmed), or `None` if it is not a decimal.
    pub(crate) fn parse(text: &str) -> Option<Decimal> {
        let (negative, whole, fraction, exponent) = decimal_parts(text)?;
        let mut digits: String = whole.chars().chain(fraction.chars()).collect();
        let exponent = exponent - fraction.len() as i64;
        let leading = digits.bytes().take_while(|b| *b == b'0').count();
        digits.drain(..leading);
        // Trailing zeros move into the exponent, so that `10.0` is `1e1`.
        let trailing = digits.bytes().rev().take_while(|b| *b == b'0').count();
        digits.truncate(digits.len() - trailing);
        let exponent = if digits.is_empty() {
            0
        } else {
            exponent + trailing as i64
        };
        Some(Decimal {
            negative,
            digits,
            exponent,
        })
    }

    /// Whether the number is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// Whether the number is a whole number (`10.0` and `1e1` are).
    pub(crate) fn is_integral(&self) -> bool {
        self.exponent >= 0
    }

    /// The number as a JSON integer, exactly, if it is a whole number
    /// that `i64` or `u64` holds.
    #[cfg(feature = "host")]
    pub(crate) fn to_integer(&self) -> Option<Number> {
        if !self.is_integral() {
            return None;
        }
        if self.is_zero() {
            return Some(Number::from(0u64));
        }
        // u64 has 20 digits: anything longer is out of range.
        if self.digits.len() as i64 + self.exponent > 20 {
            return None;
        }
        let mut text = self.digits.clone();
        text.extend(std::iter::repeat_n('0', self.exponent as usize));
        let magnitude: u64 = text.parse().ok()?;
        if !self.negative {
            return Some(Number::from(magnitude));
        }
        if magnitude <= i64::MAX as u64 + 1 {
            // -2^63 is the one magnitude that has no positive i64.
            return Some(Number::from((magnitude as i64).wrapping_neg()));
        }
        None
    }

    /// The number as a JSON number: an integer exactly where
    /// [`to_integer`](Self::to_integer) gives one, else the nearest
    /// double; `None` if the double is infinite (`1e400`) or zero for a
    /// number that is not (`1e-400`).
    #[cfg(feature = "host")]
    pub(crate) fn to_number(&self) -> Option<Number> {
        if let Some(integer) = self.to_integer() {
            return Some(integer);
        }
        let sign = if self.negative { "-" } else { "" };
        let text = format!(
            "{sign}0.{}e{}",
            self.digits,
            self.exponent + self.digits.len() as i64
        );
        let double: f64 = text.parse().ok()?;
        if !double.is_finite() || double == 0.0 {
            return None;
        }
        Number::from_f64(double)
    }
}

/// Why a number written as `text` cannot be read exactly as what a field
/// takes: the cases of [`ErrorKind::Inexact`](crate::ErrorKind::Inexact).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inexact {
    /// Beyond a double (`1e400`).
    Large,
    /// Not zero, and a double reads it as zero (`1e-400`).
    Small,
    /// A fraction that a double reads as a whole number
    /// (`3.0000000000000001`), for an integer field.
    Fraction,
    /// A whole number that arrived as a double at or beyond 2^53, which
    /// stands for several integers (`9007199254740993.0`).
    Rounded,
}

impl Inexact {
    /// What is wrong with `text`, a number as written.
    pub(crate) fn of(text: &str) -> Inexact {
        let Some(decimal) = Decimal::parse(text) else {
            return Inexact::Rounded;
        };
        let double: f64 = text.parse().unwrap_or(0.0);
        if double.is_infinite() {
            Inexact::Large
        } else if double == 0.0 && !decimal.is_zero() {
            Inexact::Small
        } else if !decimal.is_integral() {
            Inexact::Fraction
        } else {
            Inexact::Rounded
        }
    }
}

/// A number written in JSON text, as this crate reads it: whether the
/// value serde_json gives it (an integer within 64 bits, else the nearest
/// double) is the number exactly, and if not, why.
///
/// - `None`: exact, or a double that only rounds a fraction (`0.1`), as
///   every double does, where no integer is at stake.
/// - [`Inexact::Large`], [`Inexact::Small`]: not for any number field.
/// - [`Inexact::Fraction`]: a fraction read as a whole double; refused by
///   an integer field, taken as the double by a number field.
pub(crate) fn read_exactly(text: &str) -> Option<Inexact> {
    let decimal = Decimal::parse(text)?;
    let double: f64 = text.parse().ok()?;
    if double.is_infinite() {
        return Some(Inexact::Large);
    }
    if double == 0.0 {
        return (!decimal.is_zero()).then_some(Inexact::Small);
    }
    (!decimal.is_integral() && double.fract() == 0.0).then_some(Inexact::Fraction)
}

/// A JSON number as a person reads it: as serde_json writes it, but a
/// whole double at or beyond 2^53 (and below 2^128) in full, as the
/// integer it is (`18446744073709551616`, not `1.8446744073709552e+19`):
/// what was typed, when it was that integer.
pub(crate) fn written(number: &Number) -> String {
    if number.as_i64().is_none() && number.as_u64().is_none() {
        if let Some(double) = number.as_f64() {
            if double.fract() == 0.0
                && double.abs() >= EXACT_DOUBLES
                && double.abs() < BEYOND_BOUNDS
            {
                let magnitude = double.abs() as u128;
                let sign = if double < 0.0 { "-" } else { "" };
                return format!("{sign}{magnitude}");
            }
        }
    }
    number.to_string()
}

/// Whether `value`, a whole double beyond 2^53 that is itself within
/// `minimum..=maximum` (one of them at least), was refused for the other
/// numbers it stands for (`-9223372036854775808.0` arrives as the double
/// -2^63, which `-9223372036854775809` rounds to as well).
pub(crate) fn stands_outside(
    value: &Number,
    minimum: Option<&Number>,
    maximum: Option<&Number>,
) -> bool {
    let rounded = matches!(
        Reading::of(value),
        Reading::Rounded { .. } | Reading::Huge(_)
    );
    let inside = |bound: Option<&Number>, outside: Ordering| {
        bound.is_none_or(|bound| compare(value, bound) != Some(outside))
    };
    rounded
        && (minimum.is_some() || maximum.is_some())
        && inside(minimum, Ordering::Less)
        && inside(maximum, Ordering::Greater)
}
