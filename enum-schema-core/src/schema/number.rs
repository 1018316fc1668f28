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
