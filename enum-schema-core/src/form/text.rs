//! An answer read from its JSON text: numbers kept as they were written
//! where a `Value` cannot hold them (refused for their property, not for
//! the whole answer), and an object that names a key twice refused.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::action::ElicitAction;
use crate::error::{Error, ErrorKind};
use crate::schema::number::{read_exactly, Inexact};
use crate::schema::{PrimitiveSchema, RequestedSchema};

/// An answer's JSON text, read: its value, numbers as serde_json reads
/// them (an integer within 64 bits exactly, anything else as the nearest
/// double), and the numbers of `content`'s properties that the value does
/// not hold as they were written, each refused for its property by
/// [`parse`](Self::parse). No object may name a key twice: JSON parsers
/// disagree on which one wins, which lets a client show one answer to a
/// proxy and another to the server.
pub(crate) struct AnswerText {
    value: Value,
    unheld: Vec<Unheld>,
}

/// A number of a `content` property that its value does not hold as
/// written.
struct Unheld {
    /// The property.
    property: String,
    /// The number as written.
    text: String,
    why: Inexact,
    /// The property's value itself, not a number inside it.
    direct: bool,
}

/// Reads `json`, an `ElicitResult`.
///
/// # Errors
///
/// [`ErrorKind::MalformedResult`] for text that is not JSON, an object
/// that names a key twice, or a number beyond a double outside `content`'s
/// properties.
pub(crate) fn read_answer_text(json: &str) -> Result<AnswerText, Error> {
    let numbers = Numbers::scan(json);
    let text = numbers.text(json);
    let reader = Reader {
        json,
        numbers: &numbers,
        seen: std::cell::Cell::new(0),
        unheld: std::cell::RefCell::new(Vec::new()),
    };
    let seed = Seed {
        reader: &reader,
        at: At::Result,
    };
    let mut deserializer = serde_json::Deserializer::from_str(&text);
    let value = serde::de::DeserializeSeed::deserialize(seed, &mut deserializer)
        .and_then(|value| deserializer.end().map(|()| value));
    match value {
        Ok(value) => Ok(AnswerText {
            value,
            unheld: reader.unheld.into_inner(),
        }),
        Err(error) => Err(Error::from(ErrorKind::MalformedResult {
            reason: Cow::Owned(format!("not JSON: {error}")),
            found: None,
        })),
    }
}

impl AnswerText {
    /// The answer, parsed by `parse`; each property whose number the value
    /// does not hold as written (see [`ErrorKind::Inexact`]) is refused
    /// with that error, in the place of whatever `parse` said of it, among
    /// the other properties' errors in `schema`'s order (built only then).
    pub(crate) fn parse<T>(
        self,
        parse: impl FnOnce(Value) -> Result<ElicitAction<T>, Error>,
        schema: impl FnOnce() -> RequestedSchema,
    ) -> Result<ElicitAction<T>, Error> {
        let AnswerText { value, unheld } = self;
        if unheld.is_empty() {
            return parse(value);
        }
        let parsed = parse(value);
        let schema = schema();
        let position = |name: &str| {
            schema
                .properties
                .iter()
                .position(|(key, _)| key.as_ref() == name)
        };
        let mut refused: Vec<Error> = Vec::new();
        for unheld in unheld {
            let Some(at) = position(&unheld.property) else {
                // Not the form's: left out, as every such property is.
                continue;
            };
            let integer = matches!(&schema.properties[at].1, PrimitiveSchema::Number(number) if number.integer);
            let number = matches!(&schema.properties[at].1, PrimitiveSchema::Number(_));
            let refuse = match unheld.why {
                // Nothing can stand for it: refused whatever the field.
                Inexact::Large => true,
                Inexact::Small => number && unheld.direct,
                Inexact::Fraction => integer && unheld.direct,
                Inexact::Rounded => false,
            };
            let name = schema.properties[at].0.clone();
            if refuse && !refused.iter().any(|error| error.field() == Some(&name)) {
                refused.push(Error::from(ErrorKind::Inexact { text: unheld.text }).in_field(name));
            }
        }
        if refused.is_empty() {
            return parsed;
        }
        let mut errors = match parsed {
            // The result itself is wrong (no action, content no object):
            // that alone.
            Err(error) if error.iter().any(|error| error.field().is_none()) => return Err(error),
            // A decline or cancel: its content is not looked at.
            Ok(ElicitAction::Decline) => return Ok(ElicitAction::Decline),
            Ok(ElicitAction::Cancel) => return Ok(ElicitAction::Cancel),
            Ok(ElicitAction::Accept(_)) => Vec::new(),
            Err(error) => match error.kind() {
                ErrorKind::Multiple(_) => match error.into_kind() {
                    ErrorKind::Multiple(errors) => errors,
                    _ => Vec::new(),
                },
                _ => vec![error],
            },
        };
        // The refused properties in the place of what `parse` said of them.
        errors.retain(|error| {
            !refused
                .iter()
                .any(|refused| error.field().is_some() && refused.field() == error.field())
        });
        errors.extend(refused);
        errors.sort_by_key(|error| error.field().and_then(&position));
        Err(Error::combine(errors).expect("at least one property is refused"))
    }
}

/// The number tokens of a JSON text, scanned once: how many there are
/// before each one that a value does not hold as written, and what is
/// wrong with it.
struct Numbers {
    /// Each such number: its place among the text's numbers, its span in
    /// the text, and why.
    unheld: Vec<(usize, std::ops::Range<usize>, Inexact)>,
}

/// One number that a value does not hold as written: the span of the
/// text it is written in, and why.
type Found<'n> = (&'n std::ops::Range<usize>, Inexact);

impl Numbers {
    /// The numbers of `json` outside its strings. On text that is not
    /// JSON the scan may be off; the parse that follows refuses it.
    fn scan(json: &str) -> Numbers {
        let bytes = json.as_bytes();
        let mut unheld = Vec::new();
        let (mut i, mut count) = (0, 0);
        while i < bytes.len() {
            match bytes[i] {
                b'"' => {
                    i += 1;
                    while i < bytes.len() {
                        match bytes[i] {
                            b'\\' => i += 2,
                            b'"' => {
                                i += 1;
                                break;
                            }
                            _ => i += 1,
                        }
                    }
                }
                b'-' | b'0'..=b'9' => {
                    let start = i;
                    while i < bytes.len()
                        && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    {
                        i += 1;
                    }
                    let token = &json[start..i];
                    // An integer of up to 19 digits is exact: skip the rest.
                    let plain = token.len() <= 20
                        && !token.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'));
                    if !plain {
                        if let Some(why) = read_exactly(token) {
                            unheld.push((count, start..i, why));
                        }
                    }
                    count += 1;
                }
                _ => i += 1,
            }
        }
        Numbers { unheld }
    }

    /// `json` as serde_json can read it: each number beyond a double
    /// (which serde_json refuses) written as a zero of the same length, so
    /// that the places of any other error stay where they were.
    fn text<'a>(&self, json: &'a str) -> Cow<'a, str> {
        let mut large = self
            .unheld
            .iter()
            .filter(|(_, _, why)| *why == Inexact::Large)
            .peekable();
        if large.peek().is_none() {
            return Cow::Borrowed(json);
        }
        let mut text = json.to_owned();
        for (_, span, _) in large {
            // At least five characters (`1e309`): `0e000`, `-0e00`.
            let sign = usize::from(json[span.clone()].starts_with('-'));
            let zero = format!(
                "{}0e{}",
                if sign == 1 { "-" } else { "" },
                "0".repeat(span.len() - 2 - sign)
            );
            text.replace_range(span.clone(), &zero);
        }
        Cow::Owned(text)
    }

    /// The unheld number that is the `index`th of the text, if it is one.
    fn unheld(&self, index: usize) -> Option<Found<'_>> {
        self.unheld
            .binary_search_by_key(&index, |(at, _, _)| *at)
            .ok()
            .map(|found| (&self.unheld[found].1, self.unheld[found].2))
    }
}

/// What a read of an answer's text keeps track of.
struct Reader<'r> {
    /// The text as it was written.
    json: &'r str,
    numbers: &'r Numbers,
    /// The numbers read so far.
    seen: std::cell::Cell<usize>,
    unheld: std::cell::RefCell<Vec<Unheld>>,
}

/// Where a value is in the `ElicitResult`.
#[derive(Clone, Copy)]
enum At<'k> {
    /// The result itself.
    Result,
    /// A member of the result: `content`, or another.
    Member { content: bool },
    /// Inside `content`'s property `key`: the property's value itself, or
    /// a value inside it.
    Property { key: &'k str, direct: bool },
    /// Anywhere else.
    Elsewhere,
}

impl<'k> At<'k> {
    /// Where the elements of a value here are.
    fn inside(self) -> At<'k> {
        match self {
            At::Property { key, .. } => At::Property { key, direct: false },
            _ => At::Elsewhere,
        }
    }
}

/// A value at `at`, read by `reader`.
#[derive(Clone, Copy)]
struct Seed<'r, 'k> {
    reader: &'r Reader<'r>,
    at: At<'k>,
}

impl<'de> serde::de::DeserializeSeed<'de> for Seed<'_, '_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Seed<'_, '_> {
    /// The next number of the text, `value` as serde_json read it.
    fn number<E: serde::de::Error>(&self, value: Value) -> Result<Value, E> {
        let reader = self.reader;
        let index = reader.seen.get();
        reader.seen.set(index + 1);
        let Some((span, why)) = reader.numbers.unheld(index) else {
            return Ok(value);
        };
        match self.at {
            At::Property { key, direct } => {
                reader.unheld.borrow_mut().push(Unheld {
                    property: key.to_owned(),
                    text: reader.json.get(span.clone()).unwrap_or_default().to_owned(),
                    why,
                    direct,
                });
                Ok(value)
            }
            _ if why == Inexact::Large => Err(E::custom("number out of range")),
            _ => Ok(value),
        }
    }
}

impl<'de> serde::de::Visitor<'de> for Seed<'_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Value, E> {
        self.number(Value::from(value))
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Value, E> {
        self.number(Value::from(value))
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<Value, E> {
        self.number(Value::from(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        let inside = Seed {
            reader: self.reader,
            at: self.at.inside(),
        };
        while let Some(item) = seq.next_element_seed(inside)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!(
                    "the key {} appears twice in one object",
                    crate::error::quote::QuotedStr(&key)
                )));
            }
            let at = match self.at {
                At::Result => At::Member {
                    content: key == "content",
                },
                At::Member { content: true } => At::Property {
                    key: &key,
                    direct: true,
                },
                other => other.inside(),
            };
            let value = map.next_value_seed(Seed {
                reader: self.reader,
                at,
            })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}
