//! The typed fields of the spec's other primitive properties: strings,
//! numbers, booleans; thin builders over their wire schemas
//! (`crate::schema::primitive`), checked by the schema rules and parsed by
//! the answer checks.

use std::borrow::Cow;
use std::fmt;

use serde_json::{Number, Value};

use crate::error::{Error, ErrorKind};
use crate::schema::check;
use crate::schema::number::{written, Int, Limit, Reading};
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::{rule, PrimitiveSchema};

/// A typed field that wraps its wire schema, with `new`, the
/// label builders, `schema`, and the `FormField` impl.
macro_rules! schema_field {
    (
        $(#[$doc:meta])*
        pub struct $field:ident($schema:ident) => $output:ty, $variant:ident, $new:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default)]
        pub struct $field {
            schema: $schema,
        }

        impl $field {
            #[doc = $new]
            pub fn new() -> Self {
                $field::default()
            }

            label_builders!(&'static str, self.schema => Cow::Borrowed);

            /// The wire schema this field sends, as
            /// [`SingleSelectField::to_schema`](crate::SingleSelectField::to_schema)
            /// gives a select's.
            pub fn to_schema(&self) -> $schema {
                self.schema.clone()
            }
        }

        required_field!(impl FormField for $field => $output, |field| {
            PrimitiveSchema::$variant(field.schema.clone())
        });
    };
}

schema_field! {
    /// A string form field, answered by a `String` checked against `minLength`,
    /// `maxLength` and `format`.
    pub struct StringField(StringSchema) => String, String, "A string field with no constraint."
}

impl StringField {
    /// Sets `minLength`, in Unicode code points.
    ///
    /// # Panics
    ///
    /// If the default breaks the bounds or `min` is above `maxLength`.
    pub fn with_min_length(mut self, min: usize) -> Self {
        self.schema.min_length = Some(min);
        self.assert_rules()
    }

    /// Sets `maxLength`, in Unicode code points.
    ///
    /// # Panics
    ///
    /// If the default breaks the bounds or `max` is below `minLength`.
    pub fn with_max_length(mut self, max: usize) -> Self {
        self.schema.max_length = Some(max);
        self.assert_rules()
    }

    /// Sets `format`.
    ///
    /// # Panics
    ///
    /// If the default is not in this format.
    pub fn with_format(mut self, format: StringFormat) -> Self {
        self.schema.format = Some(format);
        self.assert_rules()
    }

    /// Sets `default`.
    ///
    /// # Panics
    ///
    /// If the default breaks `minLength`, `maxLength` or `format`.
    pub fn with_default_value(mut self, default: &'static str) -> Self {
        self.schema.default = Some(Cow::Borrowed(default));
        self.assert_rules()
    }

    /// Panics if the field's own settings contradict each other: a server
    /// bug, found the first time the form is built.
    fn assert_rules(self) -> Self {
        let schema = &self.schema;
        if let Err(rule) = rule::string(
            schema.min_length,
            schema.max_length,
            schema.format,
            schema.default.as_deref(),
        ) {
            panic!("{}", rule.message());
        }
        self
    }

    /// Parses an answer: a JSON string within the length bounds and format.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`] for any other JSON type, [`ErrorKind::TooShort`],
    /// [`ErrorKind::TooLong`] or [`ErrorKind::InvalidFormat`] for a string that
    /// breaks a constraint. It names no field; a form sets it.
    pub fn parse_value(&self, value: Value) -> Result<String, Error> {
        check::string(
            value,
            self.schema.min_length,
            self.schema.max_length,
            self.schema.format,
        )
    }
}

schema_field! {
    /// A boolean form field, answered by a JSON `true` or `false` (never a
    /// string like `"true"`).
    pub struct BooleanField(BooleanSchema) => bool, Boolean, "A boolean field."
}

impl BooleanField {
    /// Sets `default`.
    pub fn with_default_value(mut self, default: bool) -> Self {
        self.schema.default = Some(default);
        self
    }

    /// Parses an answer: a JSON boolean.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`] for any other JSON type.
    pub fn parse_value(&self, value: Value) -> Result<bool, Error> {
        self.schema.check(value)
    }
}

/// A Rust number type that can answer a number field: the integer types
/// (`i8` to `i128`, `u8` to `u128`, `isize`, `usize`), `f32` and `f64`.
///
/// JSON numbers beyond 64 bits arrive as doubles (serde_json, without its
/// `arbitrary_precision` feature, which this crate does not turn on for
/// everyone, reads them so), and a double beyond 2^53 stands for several
/// integers: an `i128` or `u128` field takes the integers within 64 bits
/// (and refuses the rest, see [`NumberField::parse_value`]), and its
/// bounds beyond 64 bits are written as the nearest double.
pub trait NumberType: Copy + PartialOrd + fmt::Debug + 'static + private::Sealed {
    /// Whether the schema's `type` is `"integer"`.
    const INTEGER: bool;
    /// The smallest value of the type.
    const MIN: Self;
    /// The largest value of the type.
    const MAX: Self;
    /// The value as a JSON number: exact for integers within 64 bits, the
    /// nearest double beyond (`i128`, `u128`), `None` for a non-finite
    /// float.
    fn to_number(self) -> Option<Number>;
    /// The value of a JSON number, if it is of this kind (an integer, for
    /// integer types: `3.0` counts, as in JSON Schema) and within the
    /// type's range; see [`NumberField::parse_value`] for numbers beyond 2^53.
    fn from_number(number: &Number) -> Option<Self>;
    /// The value as an exact integer (sign, magnitude), for integer types.
    #[doc(hidden)]
    fn to_integer(self) -> Option<(bool, u128)>;
    /// The value as an `f64`, for float types (`f32` widens exactly).
    #[doc(hidden)]
    fn to_f64(self) -> Option<f64>;
}

mod private {
    pub trait Sealed {}
}

/// The integer a JSON number is, if it is one and everything it may stand
/// for lies within `minimum..=maximum`.
fn integer_in(number: &Number, minimum: Int, maximum: Int) -> Option<Int> {
    let reading = Reading::of(number);
    if !(reading.at_least(minimum) && reading.at_most(maximum)) {
        return None;
    }
    match reading {
        Reading::Exact(value) | Reading::Rounded { value, .. } => Some(value),
        // A fraction is never an integer, and a huge double is beyond
        // every bound.
        Reading::Fraction(_) | Reading::Huge(_) => None,
    }
}

/// The value of an integer of one of the integer types, if it fits.
fn integer_value<N: TryFrom<i128> + TryFrom<u128>>(value: Int) -> Option<N> {
    if value.negative {
        let magnitude = i128::try_from(value.magnitude).ok();
        // i128::MIN's magnitude is one more than i128::MAX.
        let negated = match magnitude {
            Some(magnitude) => Some(-magnitude),
            None if value.magnitude == 1 << 127 => Some(i128::MIN),
            None => None,
        };
        N::try_from(negated?).ok()
    } else {
        N::try_from(value.magnitude).ok()
    }
}

/// The [`NumberType`] impl of `$ty`: whether it is an integer, its own
/// range, and the items given.
macro_rules! number_type {
    ($ty:ty, integer: $integer:literal, $($items:item)*) => {
        impl private::Sealed for $ty {}
        impl NumberType for $ty {
            const INTEGER: bool = $integer;
            const MIN: Self = <$ty>::MIN;
            const MAX: Self = <$ty>::MAX;
            $($items)*
        }
    };
}

macro_rules! integer_types {
    ($($ty:ty),*) => {$(
        number_type!(
            $ty,
            integer: true,
            fn to_number(self) -> Option<Number> {
                let (negative, magnitude) = self.to_integer()?;
                // Exact within 64 bits; beyond, the nearest double (i128
                // and u128 only).
                let exact = match u64::try_from(magnitude) {
                    Ok(magnitude) if negative => 0i64.checked_sub_unsigned(magnitude).map(Number::from),
                    Ok(magnitude) => Some(Number::from(magnitude)),
                    Err(_) => None,
                };
                exact.or_else(|| Number::from_f64(Int::new(negative, magnitude).to_f64()))
            }
            fn from_number(number: &Number) -> Option<Self> {
                let (min, max) = (Self::MIN.to_integer()?, Self::MAX.to_integer()?);
                let range = (Int::new(min.0, min.1), Int::new(max.0, max.1));
                integer_in(number, range.0, range.1).and_then(integer_value)
            }
            fn to_integer(self) -> Option<(bool, u128)> {
                #[allow(unused_comparisons)]
                let negative = self < 0;
                // Lossless: the magnitude of any of these types fits u128.
                Some((negative, if negative { (self as i128).unsigned_abs() } else { self as u128 }))
            }
            fn to_f64(self) -> Option<f64> {
                None
            }
        );
    )*};
}

integer_types!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

number_type!(
    f64,
    integer: false,
    fn to_number(self) -> Option<Number> {
        Number::from_f64(self)
    }
    fn from_number(number: &Number) -> Option<Self> {
        // Every JSON number serde_json reads is a finite double (an
        // answer's text with `1e400` is refused for its field): the
        // nearest one, as for any f64.
        number.as_f64()
    }
    fn to_integer(self) -> Option<(bool, u128)> {
        None
    }
    fn to_f64(self) -> Option<f64> {
        Some(self)
    }
);

number_type!(
    f32,
    integer: false,
    fn to_number(self) -> Option<Number> {
        // Through the shortest decimal form, so that `0.1f32` is sent as 0.1,
        // not as its exact binary value 0.10000000149011612.
        Number::from_f64(self.to_string().parse().ok()?)
    }
    fn from_number(number: &Number) -> Option<Self> {
        // Anything that rounds to a finite f32, as Rust's own `parse::<f32>`
        // reads it, so that `3.4028235e38`, the usual spelling of f32::MAX,
        // fits and `3.4028236e38` does not.
        let value = number.as_f64()? as f32;
        value.is_finite().then_some(value)
    }
    fn to_integer(self) -> Option<(bool, u128)> {
        None
    }
    fn to_f64(self) -> Option<f64> {
        Some(f64::from(self))
    }
);

/// A number form field answered by `N`: `"type":"integer"` for integer
/// types, `"type":"number"` for `f32`/`f64`. For integer types, `minimum`
/// and `maximum` default to the type's range, so the schema tells the
/// client what fits; on the wire they are kept within `i64`, the range
/// every peer reads (a `u64` field advertises `"maximum":
/// 9223372036854775807`, see [`NumberSchema::minimum`]), while
/// [`parse_value`](Self::parse_value) takes the type's whole range.
///
/// ```
/// use enum_schema::NumberField;
/// use serde_json::json;
///
/// let bytes = NumberField::<u64>::new();
/// assert_eq!(
///     serde_json::to_value(bytes.to_schema()).unwrap(),
///     json!({"type": "integer", "minimum": 0, "maximum": i64::MAX}),
/// );
/// assert_eq!(bytes.parse_value(json!(u64::MAX)), Ok(u64::MAX));
/// // 2^64 - 1 written as a float is the double 2^64: out of range.
/// let float: serde_json::Value = serde_json::from_str("18446744073709551615.0").unwrap();
/// assert!(bytes.parse_value(float).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct NumberField<N> {
    title: Option<&'static str>,
    description: Option<&'static str>,
    minimum: Option<N>,
    maximum: Option<N>,
    default: Option<N>,
}

impl<N: NumberType> Default for NumberField<N> {
    fn default() -> Self {
        NumberField {
            title: None,
            description: None,
            minimum: None,
            maximum: None,
            default: None,
        }
    }
}

impl<N: NumberType> NumberField<N> {
    /// A number field bounded only by its type.
    pub fn new() -> Self {
        NumberField::default()
    }

    label_builders!(&'static str, self => core::convert::identity);

    /// Sets `minimum`.
    ///
    /// # Panics
    ///
    /// If `minimum` is not finite, is above `maximum`, or the default is
    /// below it.
    pub fn with_minimum(mut self, minimum: N) -> Self {
        self.minimum = Some(minimum);
        self.assert_rules()
    }

    /// Sets `maximum`.
    ///
    /// # Panics
    ///
    /// If `maximum` is not finite, is below `minimum`, or the default is
    /// above it.
    pub fn with_maximum(mut self, maximum: N) -> Self {
        self.maximum = Some(maximum);
        self.assert_rules()
    }

    /// Sets `default`.
    ///
    /// # Panics
    ///
    /// If the default is not finite or lies outside `minimum..=maximum`.
    pub fn with_default_value(mut self, default: N) -> Self {
        self.default = Some(default);
        self.assert_rules()
    }

    /// Panics if the field's own settings contradict each other, or cannot
    /// be written in JSON: a server bug, found the first time the form is
    /// built.
    fn assert_rules(self) -> Self {
        let verdict = if N::INTEGER {
            let values =
                [self.minimum, self.maximum, self.default].map(|value| value?.to_integer());
            // In i128, order kept: every integer type fits but u128, whose
            // values (never negative) are shifted down by 2^127 when one is
            // beyond i128::MAX.
            let shift = values
                .iter()
                .flatten()
                .any(|&(_, magnitude)| magnitude > i128::MAX as u128);
            let [minimum, maximum, default] = values.map(|value| {
                let (negative, magnitude) = value?;
                Some(if shift {
                    (magnitude ^ (1 << 127)) as i128
                } else if negative {
                    // Within i128: `magnitude` is at most 2^127.
                    0i128.wrapping_sub_unsigned(magnitude)
                } else {
                    magnitude as i128
                })
            });
            rule::integer(minimum, maximum, default)
        } else {
            let float = |value: Option<N>| value.and_then(N::to_f64);
            rule::number(
                float(self.minimum),
                float(self.maximum),
                float(self.default),
            )
        };
        if let Err(rule) = verdict {
            panic!("{}", rule.message());
        }
        self
    }

    fn bounds(&self) -> (Option<N>, Option<N>) {
        if N::INTEGER {
            (
                Some(self.minimum.unwrap_or(N::MIN)),
                Some(self.maximum.unwrap_or(N::MAX)),
            )
        } else {
            (self.minimum, self.maximum)
        }
    }

    /// The wire schema this field sends: `{"type":"integer"|"number",..}`
    /// with the Rust type's range as `minimum`/`maximum` for an integer.
    pub fn to_schema(&self) -> NumberSchema {
        let (minimum, maximum) = self.bounds();
        NumberSchema {
            integer: N::INTEGER,
            title: self.title.map(Cow::Borrowed),
            description: self.description.map(Cow::Borrowed),
            minimum: minimum.and_then(N::to_number),
            maximum: maximum.and_then(N::to_number),
            default: self.default.and_then(N::to_number),
        }
    }

    /// Parses an answer: a JSON number of the right kind within the bounds,
    /// read exactly or refused.
    ///
    /// The decision is exact, never a cast that could clamp or round: an
    /// integer literal within 64 bits is compared as it was written,
    /// whatever the field's type; a number serde_json could only read as a
    /// double (a fraction, an exponent, an integer beyond 64 bits) stands
    /// for every number that rounds to that double. Such a double is out
    /// of range if any of those numbers is: `-9223372036854775809` (read as
    /// the double -2^63) is out of an `i64` field's range, as is
    /// `18446744073709551615.0` (the double 2^64) for a `u64`. Within the
    /// range, an integer field takes a whole double below 2^53, where each
    /// integer is a double of its own (`3.0`, `1e15`), and refuses one at or
    /// beyond it ([`ErrorKind::Inexact`]): `9007199254740993.0` arrives as
    /// 9007199254740992, and which of the integers it stands for was meant
    /// cannot be known (the integer literal `9007199254740993` is itself).
    /// So an `i128` or `u128` field takes the integers within 64 bits. For
    /// `f32`, a number is within the type when it rounds to a finite `f32`;
    /// a float field takes the double nearest to what was written, as any
    /// double does.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`] for any other JSON type (a numeric string
    /// too), [`ErrorKind::NotAnInteger`] for a fractional number on an integer
    /// field, [`ErrorKind::OutOfRange`] outside `minimum..=maximum` or the type,
    /// [`ErrorKind::Inexact`] (`{"text": "9007199254740992"}`) for a whole
    /// double at or beyond 2^53 within the range of an integer field.
    pub fn parse_value(&self, value: Value) -> Result<N, Error> {
        let (minimum, maximum) = self.bounds();
        // Integer bounds exactly, float bounds as the JSON numbers sent.
        let (low, high) = (
            minimum.and_then(N::to_number),
            maximum.and_then(N::to_number),
        );
        let out_of_range = |value: Number| {
            Error::from(ErrorKind::OutOfRange {
                value,
                minimum: low.clone(),
                maximum: high.clone(),
            })
        };
        fn limit<N: NumberType>(bound: Option<N>, json: Option<&Number>) -> Option<Limit<'_>> {
            match bound?.to_integer() {
                Some((negative, magnitude)) => Some(Limit::Exact(Int::new(negative, magnitude))),
                None => json.map(Limit::of),
            }
        }
        let (min_limit, max_limit) = (limit(minimum, low.as_ref()), limit(maximum, high.as_ref()));
        let number = check::number(value, N::INTEGER, min_limit, max_limit, out_of_range)?;
        // Within the bounds, whichever integer it stands for; but which one
        // it is cannot be known: refused, not rounded.
        if N::INTEGER {
            if let Reading::Rounded { .. } = Reading::of(&number) {
                return Err(Error::from(ErrorKind::Inexact {
                    text: written(&number),
                }));
            }
        }
        // Within the bounds; within the type too (a float that rounds to a
        // finite f32, an integer that fits).
        match N::from_number(&number) {
            Some(parsed) => Ok(parsed),
            None => Err(out_of_range(number)),
        }
    }
}

required_field!(impl<N: NumberType> FormField for NumberField<N> => N, |field| PrimitiveSchema::Number(field.to_schema()));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::number::BEYOND_BOUNDS;

    fn number(text: &str) -> Number {
        serde_json::from_str(text).unwrap()
    }

    const TWO_53: i128 = 1 << 53;
    const TWO_63: i128 = 1 << 63;

    fn int(value: i128) -> Int {
        Int::from(value)
    }

    fn rounded(value: i128, low: i128, high: i128) -> Reading {
        Reading::Rounded {
            value: int(value),
            low: int(low),
            high: int(high),
        }
    }

    #[test]
    fn readings_of_integers_fractions_and_doubles() {
        assert_eq!(Reading::of(&number("-5")), Reading::Exact(int(-5)));
        assert_eq!(
            Reading::of(&number("18446744073709551615")),
            Reading::Exact(int(u64::MAX.into()))
        );
        assert_eq!(Reading::of(&number("3.0")), Reading::Exact(int(3)));
        assert_eq!(Reading::of(&number("-0.0")), Reading::Exact(int(0)));
        assert_eq!(Reading::of(&number("-0.5")), Reading::Fraction(-0.5));
        // Just below 2^53: exact.
        assert_eq!(
            Reading::of(&number("9007199254740991.0")),
            Reading::Exact(int(TWO_53 - 1))
        );
        // 2^53: the integers that round to it are 2^53 and 2^53 + 1.
        assert_eq!(
            Reading::of(&number("9007199254740992.0")),
            rounded(TWO_53, TWO_53, TWO_53 + 1)
        );
        // 2^63: the gap below is 1024, above 2048.
        assert_eq!(
            Reading::of(&number("9223372036854775808.0")),
            rounded(TWO_63, TWO_63 - 512, TWO_63 + 1024)
        );
        assert_eq!(
            Reading::of(&number("-9223372036854775809")),
            rounded(-TWO_63, -TWO_63 - 1024, -TWO_63 + 512)
        );
        // 2^127, i128::MIN's magnitude: the gap toward zero is 2^74, away
        // from it 2^75, so it stands for numbers below i128::MIN too.
        assert_eq!(
            Reading::of(&number("-170141183460469231731687303715884105728")),
            Reading::Rounded {
                value: int(i128::MIN),
                low: Int::new(true, (1 << 127) + (1 << 74)),
                high: int(i128::MIN + (1 << 73)),
            }
        );
        // The largest double below 2^128 still has its upper end in u128.
        let below = f64::from_bits(BEYOND_BOUNDS.to_bits() - 1);
        assert_eq!(
            Reading::of(&Number::from_f64(below).unwrap()),
            Reading::Rounded {
                value: Int::new(false, u128::MAX - (1 << 75) + 1),
                low: Int::new(false, u128::MAX - (1 << 75) - (1 << 74) + 1),
                high: Int::new(false, u128::MAX - (1 << 74) + 1),
            }
        );
        assert_eq!(
            Reading::of(&Number::from_f64(BEYOND_BOUNDS).unwrap()),
            Reading::Huge(BEYOND_BOUNDS)
        );
        assert_eq!(Reading::of(&number("-1e300")), Reading::Huge(-1e300));
    }

    #[test]
    fn bounds_take_every_number_a_reading_stands_for() {
        let edge = Reading::of(&number("9223372036854775808.0"));
        assert!(edge.at_least(int(TWO_63 - 512)));
        assert!(!edge.at_least(int(TWO_63 - 511)));
        assert!(edge.at_most(int(TWO_63 + 1024)));
        assert!(!edge.at_most(int(TWO_63 + 1023)));
        let exact = Reading::Exact(int(7));
        assert!(exact.at_least(int(7)) && exact.at_most(int(7)));
        assert!(!exact.at_least(int(8)) && !exact.at_most(int(6)));
        let fraction = Reading::Fraction(2.5);
        assert!(fraction.at_least(int(2)) && !fraction.at_least(int(3)));
        assert!(fraction.at_most(int(3)) && !fraction.at_most(int(2)));
        let fraction = Reading::Fraction(-2.5);
        assert!(fraction.at_least(int(-3)) && !fraction.at_least(int(-2)));
        let huge = Reading::Huge(1e300);
        let u128_max = Int::new(false, u128::MAX);
        assert!(huge.at_least(int(i128::MAX)) && !huge.at_most(u128_max));
        let huge = Reading::Huge(-1e300);
        assert!(!huge.at_least(int(i128::MIN)) && huge.at_most(int(i128::MIN)));
    }

    #[test]
    fn ints_order_by_value() {
        assert!(int(-3) < int(-2) && int(-2) < int(0) && int(0) < int(2));
        assert!(int(i128::MIN) < int(i128::MAX));
        assert!(int(i128::MAX) < Int::new(false, u128::MAX));
        assert_eq!(Int::new(true, 0), int(0));
        assert_eq!(int(-2).to_f64(), -2.0);
    }

    #[test]
    fn integers_in_a_range() {
        let (min, max) = (int(i64::MIN.into()), int(i64::MAX.into()));
        assert_eq!(
            integer_in(&number("-9223372036854775808"), min, max),
            Some(min)
        );
        assert_eq!(
            integer_in(&number("-9223372036854775808.0"), min, max),
            None
        );
        assert_eq!(integer_in(&number("0.5"), min, max), None);
        assert_eq!(integer_in(&number("1e300"), min, max), None);
        assert_eq!(
            integer_in(&number("1e300"), int(i128::MIN), int(i128::MAX)),
            None
        );
        assert_eq!(
            integer_in(&number("1e18"), min, max),
            Some(int(1_000_000_000_000_000_000))
        );
        assert_eq!(
            integer_in(&number("255.0"), int(0), int(255)),
            Some(int(255))
        );
        assert_eq!(integer_in(&number("256.0"), int(0), int(255)), None);
        assert_eq!(integer_in(&number("-1"), int(0), int(255)), None);
    }

    #[test]
    fn integer_values_of_each_type() {
        assert_eq!(integer_value::<i128>(int(i128::MIN)), Some(i128::MIN));
        assert_eq!(
            integer_value::<u128>(Int::new(false, u128::MAX)),
            Some(u128::MAX)
        );
        assert_eq!(integer_value::<u128>(int(-1)), None);
        assert_eq!(integer_value::<i8>(int(-128)), Some(-128));
        assert_eq!(integer_value::<i8>(int(128)), None);
        assert_eq!(integer_value::<i128>(Int::new(true, (1 << 127) + 1)), None);
    }

    fn schema(integer: bool, minimum: Option<Number>, maximum: Option<Number>) -> NumberSchema {
        NumberSchema {
            integer,
            title: None,
            description: None,
            minimum,
            maximum,
            default: None,
        }
    }

    #[test]
    fn advertised_integer_bounds() {
        let bounds = |minimum: &str, maximum: &str| {
            let schema = schema(true, Some(number(minimum)), Some(number(maximum)));
            (schema.advertised_minimum(), schema.advertised_maximum())
        };
        let pair = |minimum: i64, maximum: i64| (Some(minimum.into()), Some(maximum.into()));
        assert_eq!(bounds("0", "18446744073709551615"), pair(0, i64::MAX));
        assert_eq!(bounds("-1e300", "1e300"), pair(i64::MIN, i64::MAX));
        assert_eq!(bounds("0.5", "9.5"), pair(1, 9));
        assert_eq!(bounds("-9.5", "-0.5"), pair(-9, -1));
        assert_eq!(bounds("3.0", "4.0"), pair(3, 4));
        assert_eq!(
            bounds("-9223372036854775808", "9223372036854775807"),
            pair(i64::MIN, i64::MAX)
        );
        assert_eq!(schema(true, None, None).advertised_minimum(), None);
        assert_eq!(schema(true, None, None).advertised_maximum(), None);
    }

    #[test]
    fn advertised_number_bounds() {
        let bounds = |minimum: &str, maximum: &str| {
            let schema = schema(false, Some(number(minimum)), Some(number(maximum)));
            (schema.advertised_minimum(), schema.advertised_maximum())
        };
        let doubles =
            |minimum: f64, maximum: f64| (Number::from_f64(minimum), Number::from_f64(maximum));
        // Held exactly by a double: as written.
        assert_eq!(
            bounds("-9007199254740992", "9007199254740992"),
            (
                Some(number("-9007199254740992")),
                Some(number("9007199254740992"))
            )
        );
        assert_eq!(bounds("0.25", "1e300"), doubles(0.25, 1e300));
        // 2^53 + 1 is no double: the one inside it.
        assert_eq!(
            bounds("-9007199254740993", "9007199254740993"),
            doubles(-9_007_199_254_740_992.0, 9_007_199_254_740_992.0)
        );
        assert_eq!(
            bounds("-9223372036854775807", "18446744073709551615"),
            doubles(-9_223_372_036_854_774_784.0, 18_446_744_073_709_549_568.0)
        );
        // Rounded inwards only when the nearest double is outside.
        assert_eq!(
            bounds("9007199254740995", "9007199254740995"),
            doubles(9_007_199_254_740_996.0, 9_007_199_254_740_994.0)
        );
    }
}
