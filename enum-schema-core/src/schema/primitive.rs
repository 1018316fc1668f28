//! The spec's other primitive property schemas: strings, numbers,
//! booleans, and the string formats.

use std::borrow::Cow;
use std::fmt;

use serde_json::Number;

use crate::schema::format::date::{is_date, is_date_time};
use crate::schema::format::email::is_email;
use crate::schema::format::uri::is_uri;

/// The `format` of a string property (MCP 2025-11-25, `StringSchema.format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StringFormat {
    /// `"email"`: an RFC 5321 mailbox, `local@domain`: the local part a
    /// dot-string or a quoted string, the domain a host name or an address
    /// literal (`[127.0.0.1]`, `[IPv6:::1]`). ASCII only, as JSON Schema's
    /// `email` and the JSON-Schema-Test-Suite have it: an address with
    /// other characters (`日本@例え.jp`, RFC 6531) is JSON Schema's
    /// `idn-email`, which MCP does not allow. An internationalized domain is
    /// written in its ASCII form (`a@é.org` as `a@xn--9ca.org`), which the
    /// reason of a refusal gives; each of its labels has at most 63
    /// characters, counted in that form.
    Email,
    /// `"uri"`: an absolute URI as RFC 3986 defines it (`scheme:` and the
    /// rest, ASCII, with valid percent-encodings, host and port). The
    /// reason of a refusal says what is wrong (no scheme, a relative path,
    /// characters outside ASCII or a space, to percent-encode) and gives
    /// the address mended where it can.
    Uri,
    /// `"date"`: an RFC 3339 full-date, `YYYY-MM-DD`, a real calendar date.
    Date,
    /// `"date-time"`: an RFC 3339 date-time, `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`
    /// (a leap second only at 23:59 UTC).
    DateTime,
}

impl StringFormat {
    /// The name on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            StringFormat::Email => "email",
            StringFormat::Uri => "uri",
            StringFormat::Date => "date",
            StringFormat::DateTime => "date-time",
        }
    }

    /// Whether `value` is in this format.
    pub const fn matches(self, value: &str) -> bool {
        match self {
            StringFormat::Email => is_email(value),
            StringFormat::Uri => is_uri(value),
            StringFormat::Date => is_date(value),
            StringFormat::DateTime => is_date_time(value),
        }
    }
}

impl fmt::Display for StringFormat {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string property: `{"type":"string","minLength":1,"maxLength":80,"format":"email","default":".."}`
/// (MCP 2025-11-25, `StringSchema`; every key but `type` optional).
///
/// Built with [`new`](Self::new) and the `with_*` builders, which refuse a
/// schema this crate would not send (inverted bounds, a default the schema
/// itself refuses); read from a peer with
/// [`PrimitiveSchema::from_json`](crate::schema::PrimitiveSchema::from_json).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct StringSchema {
    /// The field's `title`.
    pub(crate) title: Option<Cow<'static, str>>,
    /// The field's `description`.
    pub(crate) description: Option<Cow<'static, str>>,
    /// `minLength`, in Unicode code points.
    pub(crate) min_length: Option<usize>,
    /// `maxLength`, in Unicode code points.
    pub(crate) max_length: Option<usize>,
    /// `format`.
    pub(crate) format: Option<StringFormat>,
    /// `default`.
    pub(crate) default: Option<Cow<'static, str>>,
}

/// A number property: `{"type":"integer"|"number","minimum":0,"maximum":150,"default":30}`
/// (MCP 2025-11-25, `NumberSchema`).
///
/// Built with [`integer`](Self::integer) or [`number`](Self::number) and
/// the `with_*` builders, which refuse a schema this crate would not send.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NumberSchema {
    /// `true` for `"type":"integer"`, `false` for `"type":"number"`.
    pub(crate) integer: bool,
    /// The field's `title`.
    pub(crate) title: Option<Cow<'static, str>>,
    /// The field's `description`.
    pub(crate) description: Option<Cow<'static, str>>,
    /// `minimum`.
    pub(crate) minimum: Option<Number>,
    /// `maximum`.
    pub(crate) maximum: Option<Number>,
    /// `default`.
    pub(crate) default: Option<Number>,
}

/// An integer bound as every peer reads it: within `i64`, the range of
/// rmcp's model (`IntegerSchema` holds `i64`), and a JSON integer. A
/// fractional bound is rounded inwards (`lower`: up), which lets the same
/// integers through; a bound beyond `i64` is clamped to its end.
pub(crate) fn readable_integer_bound(bound: &Number, lower: bool) -> i64 {
    if let Some(bound) = bound.as_i64() {
        return bound;
    }
    if bound.as_u64().is_some() {
        return i64::MAX;
    }
    let bound = bound.as_f64().unwrap_or(0.0);
    // `as` saturates at the ends of `i64`, which is the clamp wanted here.
    if lower {
        bound.ceil() as i64
    } else {
        bound.floor() as i64
    }
}

/// A `number` bound as every peer reads it: a double (rmcp's model and the
/// TypeScript SDK hold doubles). An integer bound beyond 2^53 is sent as
/// the nearest double on the inside (`lower`: the one above), so that a
/// double reader never widens it.
pub(crate) fn readable_number_bound(bound: &Number, lower: bool) -> Number {
    let exact = bound
        .as_i64()
        .map(i128::from)
        .or_else(|| bound.as_u64().map(i128::from));
    let (Some(exact), Some(double)) = (exact, bound.as_f64()) else {
        return bound.clone();
    };
    if exact.unsigned_abs() <= 1 << 53 {
        return bound.clone();
    }
    // Integral, and within 2^64: converts to i128 exactly.
    let rounded = double as i128;
    let step = |double: f64, up: bool| {
        // The neighbouring double away from (`up` for positive) or toward zero.
        let bits = double.abs().to_bits();
        let bits = if up == (double > 0.0) {
            bits + 1
        } else {
            bits - 1
        };
        f64::from_bits(bits).copysign(double)
    };
    let inside = match (lower, rounded.cmp(&exact)) {
        // A double holds it exactly: sent as written.
        (_, std::cmp::Ordering::Equal) => return bound.clone(),
        (true, std::cmp::Ordering::Less) => step(double, true),
        (false, std::cmp::Ordering::Greater) => step(double, false),
        _ => double,
    };
    Number::from_f64(inside).unwrap_or_else(|| bound.clone())
}

impl NumberSchema {
    /// `minimum` as it is sent (see [`minimum`](Self::minimum)). Every
    /// emitting path goes through here: serialization (hence `request()`,
    /// `for_version`, `InputRequiredResult`) and the rmcp conversion.
    pub(crate) fn advertised_minimum(&self) -> Option<Number> {
        self.advertised_bound(self.minimum.as_ref()?, true)
    }

    /// `maximum` as it is sent: as [`advertised_minimum`](Self::advertised_minimum),
    /// a fractional integer maximum rounded down, one beyond `i64::MAX` (a
    /// `u64` or `usize` field's own range) sent as `i64::MAX`. A client
    /// that keeps to what is advertised therefore never sends an answer
    /// that is refused for its range; the field itself accepts its whole
    /// range.
    pub(crate) fn advertised_maximum(&self) -> Option<Number> {
        self.advertised_bound(self.maximum.as_ref()?, false)
    }

    /// A bound as it is sent, `lower` or upper.
    fn advertised_bound(&self, bound: &Number, lower: bool) -> Option<Number> {
        Some(if self.integer {
            readable_integer_bound(bound, lower).into()
        } else {
            readable_number_bound(bound, lower)
        })
    }

    /// `default` as it is sent: for `"type":"integer"`, a JSON integer
    /// within the advertised bounds (`3.0` is sent as `3`); a default
    /// beyond `i64`, which a peer could not read, is left out, as is a
    /// fractional one (which [`check`](Self::check) refuses anyway). For
    /// `"type":"number"`, an integer default beyond 2^53 that no double
    /// holds is left out too: a double reader would offer another number.
    pub(crate) fn advertised_default(&self) -> Option<Number> {
        let default = self.default.as_ref()?;
        if !self.integer {
            // A double reader would read an integer beyond 2^53 as another
            // number; one a double holds exactly is sent as it is.
            let held = readable_number_bound(default, true) == *default
                && readable_number_bound(default, false) == *default;
            return held.then(|| default.clone());
        }
        let value = default.as_i64().or_else(|| {
            let value = default.as_f64()?;
            let fits = value.fract() == 0.0
                && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&value);
            // Exact: an integral double within i64.
            fits.then_some(value as i64)
        })?;
        let minimum = self
            .advertised_minimum()
            .and_then(|minimum| minimum.as_i64());
        let maximum = self
            .advertised_maximum()
            .and_then(|maximum| maximum.as_i64());
        let within = minimum.is_none_or(|minimum| value >= minimum)
            && maximum.is_none_or(|maximum| value <= maximum);
        within.then_some(value.into())
    }
}

/// A boolean property: `{"type":"boolean","default":true}` (MCP 2025-11-25,
/// `BooleanSchema`). Built with [`new`](Self::new) and the `with_*`
/// builders.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct BooleanSchema {
    /// The field's `title`.
    pub(crate) title: Option<Cow<'static, str>>,
    /// The field's `description`.
    pub(crate) description: Option<Cow<'static, str>>,
    /// `default`.
    pub(crate) default: Option<bool>,
}

impl StringSchema {
    label_getters!();

    /// `minLength`, in Unicode code points.
    pub fn min_length(&self) -> Option<usize> {
        self.min_length
    }

    /// `maxLength`, in Unicode code points.
    pub fn max_length(&self) -> Option<usize> {
        self.max_length
    }

    /// `format`.
    pub fn format(&self) -> Option<StringFormat> {
        self.format
    }

    /// `default`.
    pub fn default_value(&self) -> Option<&str> {
        self.default.as_deref()
    }
}

impl NumberSchema {
    label_getters!();

    /// `true` for `"type":"integer"`, `false` for `"type":"number"`.
    pub fn is_integer(&self) -> bool {
        self.integer
    }

    /// `minimum`, as the server set it; answers are checked against it.
    ///
    /// What is sent may differ. For `"type":"number"`, a double (an
    /// integer bound beyond 2^53 becomes the nearest double inside it,
    /// which every double reader holds exactly); for `"type":"integer"`, a
    /// JSON integer within `i64`, the range every peer reads (rmcp's model
    /// holds `i64` bounds; the TypeScript and Python SDKs read doubles and
    /// integers): a fractional minimum is rounded up (the same integers
    /// pass), one below `i64::MIN` is sent as `i64::MIN`; `maximum` the
    /// same way, downwards. A client that keeps to what is advertised
    /// therefore never sends an answer refused for its range, and the
    /// field itself still accepts its whole range.
    ///
    /// ```
    /// use enum_schema::NumberField;
    ///
    /// let schema = NumberField::<u64>::new().to_schema();
    /// assert_eq!(schema.maximum(), Some(&u64::MAX.into()));
    /// assert_eq!(
    ///     serde_json::to_string(&schema).unwrap(),
    ///     r#"{"type":"integer","minimum":0,"maximum":9223372036854775807}"#,
    /// );
    /// ```
    pub fn minimum(&self) -> Option<&Number> {
        self.minimum.as_ref()
    }

    /// `maximum`, as the server set it; sent as [`minimum`](Self::minimum)
    /// says.
    pub fn maximum(&self) -> Option<&Number> {
        self.maximum.as_ref()
    }

    /// `default`, as the server set it.
    pub fn default_value(&self) -> Option<&Number> {
        self.default.as_ref()
    }
}

impl BooleanSchema {
    label_getters!();

    /// `default`.
    pub fn default_value(&self) -> Option<bool> {
        self.default
    }
}
