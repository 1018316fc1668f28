//! [`Round`]: what one round of a request carries to the next, per
//! question key, typed; and the [`Digest`] that binds an answer to the
//! question it answers.

use std::any::TypeId;
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, PoisonError, RwLock};

use serde::Serialize;
use serde_json::{Map, Value};
use sha2::{Digest as _, Sha256};

use super::error::StoreError;
use crate::schema::ElicitRequestFormParams;

/// `$name`, `$bytes` bytes, as a payload writes it: lowercase hex,
/// `to_hex` and back (`None` for anything else).
macro_rules! in_hex {
    ($name:ident, $bytes:literal) => {
        impl $name {
            pub(crate) fn to_hex(self) -> String {
                hex(&self.0)
            }

            pub(crate) fn from_hex(text: &str) -> Option<$name> {
                let mut bytes = [0; $bytes];
                from_hex(text, &mut bytes)?;
                Some($name(bytes))
            }
        }
    };
}

/// SHA-256 of a question as the person is shown it (its params before a
/// second chance adds a reason and pre-fills), of a request of another
/// kind, or of a refused answer: of their JSON text, written straight into
/// the hasher.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Digest([u8; 32]);

impl Digest {
    /// The digest of a form question: its message and `requestedSchema`.
    pub(crate) fn of_params(params: &ElicitRequestFormParams) -> Digest {
        Digest::of(params)
    }

    /// The digest of `value`'s JSON text.
    pub(crate) fn of(value: &impl Serialize) -> Digest {
        let mut hashing = Hashing::default();
        // Writing into a hasher cannot fail, nor can serializing JSON.
        let _ = serde_json::to_writer(&mut hashing, value);
        hashing.finish()
    }
}

/// A SHA-256 as an `io::Write`: the JSON goes into it, never into a buffer
/// of its own (every round digests each question).
#[derive(Default)]
struct Hashing(Sha256);

impl Hashing {
    fn finish(self) -> Digest {
        Digest(self.0.finalize().into())
    }
}

impl std::io::Write for Hashing {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

in_hex!(Digest, 32);

/// A question whose params are the same every time it is built: a derived
/// form's (its type) with a message of `'static` text (its address and
/// length). Its digest is computed once per process, not once per round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Constant {
    form: TypeId,
    message: (usize, usize),
}

impl Constant {
    /// The question of the form of type `form` with `message`, if the
    /// message is `'static` text (a literal, a constant).
    // A `Cow`, not a `&str`: whether it borrows `'static` text is the point.
    #[allow(clippy::ptr_arg)]
    fn of(form: TypeId, message: &Cow<'static, str>) -> Option<Constant> {
        match message {
            Cow::Borrowed(text) => Some(Constant {
                form,
                message: (text.as_ptr() as usize, text.len()),
            }),
            Cow::Owned(_) => None,
        }
    }
}

/// What a process works out once per key of its code (a type, a
/// `'static` text) and reads after: bounded by the program, never by what a
/// client sends.
type Remembered<K, V> = RwLock<Option<HashMap<K, V>>>;

/// `key`'s value in `remembered`, made by `make` the first time.
fn remembered<K: Eq + Hash, V: Clone>(
    remembered: &Remembered<K, V>,
    key: K,
    make: impl FnOnce() -> V,
) -> V {
    let known = remembered
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .and_then(|values| values.get(&key).cloned());
    known.unwrap_or_else(|| {
        let value = make();
        remembered
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert_with(HashMap::new)
            .insert(key, value.clone());
        value
    })
}

/// The digests of the constant questions asked so far.
static CONSTANTS: Remembered<Constant, Digest> = RwLock::new(None);

/// The JSON text of each derived form's `requestedSchema`, by the form's
/// type: the same for every question of the type
/// ([`ElicitForm::requested_schema`](crate::form::ElicitForm::requested_schema)
/// takes nothing), written once per process.
static SCHEMAS: Remembered<TypeId, Arc<[u8]>> = RwLock::new(None);

impl Digest {
    /// The digest of a derived form's question, the form of type `form`:
    /// the same bytes as [`of_params`] (`{"message":..,"requestedSchema":..}`).
    /// With a `'static` message ([`Constant`]) the whole digest is
    /// computed once per process; with one formatted at run time, the
    /// schema's text is written once per process for the type, and the
    /// message hashed each time.
    ///
    /// [`of_params`]: Digest::of_params
    pub(crate) fn of_form(form: TypeId, params: &ElicitRequestFormParams) -> Digest {
        if let Some(constant) = Constant::of(form, &params.message) {
            return remembered(&CONSTANTS, constant, || Digest::of_params(params));
        }
        let schema = remembered(&SCHEMAS, form, || {
            // Serializing a schema cannot fail.
            Arc::from(serde_json::to_vec(&params.requested_schema).unwrap_or_default())
        });
        let mut hashing = Hashing::default();
        hashing.0.update(b"{\"message\":");
        let _ = serde_json::to_writer(&mut hashing, &params.message);
        hashing.0.update(b",\"requestedSchema\":");
        hashing.0.update(&schema);
        hashing.0.update(b"}");
        hashing.finish()
    }
}

impl std::fmt::Debug for Digest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_hex())
    }
}

/// `bytes` in lowercase hex, written into one `String` of the exact
/// length (not a `format!` per byte: every round digests each question),
/// two digits a byte from a table, as bytes: no `char` to encode.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = Vec::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(DIGITS[usize::from(byte >> 4)]);
        text.push(DIGITS[usize::from(byte & 0x0f)]);
    }
    // Only ASCII digits were written.
    String::from_utf8(text).unwrap_or_default()
}

/// The id of one call across its rounds: 128 random bits, drawn when the
/// call first needs it (its first sealed state, or the body asking for its
/// idempotency key) and carried by every state after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct CallId(pub(crate) [u8; 16]);

impl CallId {
    /// A fresh id, from the operating system's generator.
    ///
    /// # Errors
    ///
    /// [`StoreError`] if the generator failed.
    pub(crate) fn new() -> Result<CallId, StoreError> {
        let mut bytes = [0; 16];
        getrandom::fill(&mut bytes).map_err(|error| {
            StoreError::new(format!(
                "the operating system's random number generator failed: {error}"
            ))
        })?;
        Ok(CallId(bytes))
    }
}

in_hex!(CallId, 16);

impl CallId {
    /// The id of the call a state without one belongs to (sealed before
    /// states carried it): the first 128 bits of the state's SHA-256.
    pub(crate) fn of_state(state: &str) -> CallId {
        let Digest(digest) = Digest::of(&state);
        let mut bytes = [0; 16];
        bytes.copy_from_slice(&digest[..16]);
        CallId(bytes)
    }
}

/// Reads `text`, lowercase hex of exactly `bytes.len()` bytes, into
/// `bytes`; `None` for anything else. Each digit is looked up in a table
/// and the whole checked once at the end: a digit's value does not steer a
/// branch (every round that opens a state reads its digests).
fn from_hex(text: &str, bytes: &mut [u8]) -> Option<()> {
    /// A digit's value, or `0x10` for anything that is no lowercase digit.
    const VALUES: [u8; 256] = {
        let mut values = [0x10; 256];
        let mut digit = 0;
        while digit < 16 {
            values[b"0123456789abcdef"[digit] as usize] = digit as u8;
            digit += 1;
        }
        values
    };
    let text = text.as_bytes();
    if text.len() != 2 * bytes.len() {
        return None;
    }
    let mut wrong = 0;
    for (byte, pair) in bytes.iter_mut().zip(text.chunks_exact(2)) {
        let (high, low) = (VALUES[usize::from(pair[0])], VALUES[usize::from(pair[1])]);
        wrong |= high | low;
        *byte = high << 4 | (low & 0x0f);
    }
    (wrong & 0x10 == 0).then_some(())
}

/// What a round carries for one question key.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Carried {
    /// The digest of the question as it was last asked or answered: an
    /// answer counts only for the question it answers.
    pub(crate) asked: Option<Digest>,
    /// The answer, as it was validated ([`kept_answer`]; sampled messages
    /// and roots as their checked JSON).
    pub(crate) answer: Option<Value>,
    /// How many answers to the question were refused so far.
    pub(crate) attempts: u32,
    /// The digest of the last refused answer, never the answer: the same
    /// refused answer twice means a client that does not show the form.
    pub(crate) refused: Option<Digest>,
}

impl Carried {
    /// A new question under the same key: nothing of the old one counts.
    pub(crate) fn forget(&mut self) {
        *self = Carried::default();
    }

    fn is_empty(&self) -> bool {
        *self == Carried::default()
    }
}

/// The round a `requestState` carries (MCP 2026-07-28), or one call's
/// questions before it: each question key with what is [`Carried`] for
/// it, in the order the keys were first carried.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Round {
    /// The call's id, once it has one.
    pub(crate) call: Option<CallId>,
    entries: Vec<(String, Carried)>,
}

impl Round {
    /// What is carried for `key`, if anything.
    #[cfg(test)]
    pub(crate) fn get(&self, key: &str) -> Option<&Carried> {
        self.entries
            .iter()
            .find(|(carried, _)| carried == key)
            .map(|(_, carried)| carried)
    }

    /// What is carried for `key`, to change: empty if nothing was.
    pub(crate) fn entry(&mut self, key: &str) -> &mut Carried {
        let index = match self.entries.iter().position(|(carried, _)| carried == key) {
            Some(index) => index,
            None => {
                self.entries.push((key.to_owned(), Carried::default()));
                self.entries.len() - 1
            }
        };
        &mut self.entries[index].1
    }

    /// Keeps what the next round needs: the answers, and the questions
    /// `asked_now` (a question of an earlier round that this one did not
    /// ask again is forgotten, its attempts with it).
    pub(crate) fn keep(&mut self, asked_now: impl Fn(&str) -> bool) {
        self.entries.retain(|(key, carried)| {
            !carried.is_empty() && (carried.answer.is_some() || asked_now(key))
        });
    }

    /// The keys and what is carried for each.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &Carried)> {
        self.entries
            .iter()
            .map(|(key, carried)| (key.as_str(), carried))
    }
}

/// An answer as it is carried: `action`, and for an accept the `content`
/// properties that the form declares, nothing else the client sent. A
/// `null` is no value (an optional field left blank; for a required one,
/// the rejection comes from the answer as sent): it is not kept.
pub(crate) fn kept_answer(params: &ElicitRequestFormParams, answer: &Value) -> Value {
    let mut kept = Map::new();
    let action = answer.get("action").cloned().unwrap_or(Value::Null);
    let accepted = action == "accept";
    kept.insert("action".to_owned(), action);
    if accepted {
        if let Some(content) = answer.get("content").and_then(Value::as_object) {
            // Inserted one by one: a `collect` into a `Map` is code of its
            // own, which every round that keeps an answer would run once.
            let mut declared = Map::new();
            for (name, _) in &params.requested_schema.properties {
                if let Some(value) = content.get(name.as_ref()).filter(|value| !value.is_null()) {
                    declared.insert(name.to_string(), value.clone());
                }
            }
            kept.insert("content".to_owned(), Value::Object(declared));
        }
    }
    Value::Object(kept)
}

#[cfg(test)]
mod tests {
    use super::{hex, Carried, Digest, Round};
    use crate::schema::{
        ElicitRequestFormParams, PrimitiveSchema, RequestedSchema, SingleSelectSchema,
    };

    /// A derived form's digest, its schema written once per type, is the
    /// digest of its whole params, whatever the message holds (quotes,
    /// line breaks, invisible and non-Latin characters): a state sealed
    /// before the cache opens the same.
    #[test]
    fn a_forms_digest_is_its_params_digest() {
        use std::any::TypeId;

        struct One;
        struct Other;
        let files = SingleSelectSchema::new(["a.txt", "b\"c"]).unwrap();
        let schema = RequestedSchema {
            properties: vec![("file".into(), PrimitiveSchema::SingleSelect(files))],
            required: vec!["file".into()],
        };
        let hosts = SingleSelectSchema::new([("eu", "Europe"), ("us", "United States")])
            .unwrap()
            .with_title("Région");
        let other_schema = RequestedSchema {
            properties: vec![("host".into(), PrimitiveSchema::SingleSelect(hosts))],
            required: Vec::new(),
        };
        for message in [
            "Roll out?",
            "Roll \"out\"\nto 東京 \u{200b}\u{0}?",
            "",
            "€42.50 ✓",
        ] {
            for (form, schema) in [
                (TypeId::of::<One>(), &schema),
                (TypeId::of::<Other>(), &other_schema),
            ] {
                let params = ElicitRequestFormParams {
                    message: message.to_owned().into(),
                    requested_schema: schema.clone(),
                };
                // The first time written, then from the record.
                for _ in 0..2 {
                    assert_eq!(
                        Digest::of_form(form, &params),
                        Digest::of_params(&params),
                        "{message:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn hex_is_lowercase_and_padded() {
        assert_eq!(hex(&[]), "");
        assert_eq!(hex(&[0x00, 0x0f, 0xa0, 0xff]), "000fa0ff");
    }

    #[test]
    fn a_digest_is_sha256_in_hex() {
        assert_eq!(
            Digest::of(&"abc").to_hex(),
            // SHA-256 of `"abc"`, the JSON text, quotes included.
            "6cc43f858fbb763301637b5af970e2a46b46f461f27e5a0f41e009c59b827b25"
        );
        let digest = Digest::of(&[1, 2, 3]);
        assert_eq!(Digest::from_hex(&digest.to_hex()), Some(digest));
    }

    /// Only what a payload writes is a digest: 64 lowercase hex digits.
    #[test]
    fn anything_else_is_no_digest() {
        let digest = "0123456789abcdef".repeat(4);
        assert!(Digest::from_hex(&digest).is_some());
        for text in [
            "",
            "d1",
            &digest[1..],
            &format!("{digest}0"),
            &digest.to_uppercase(),
            &format!("{}g", &digest[1..]),
            &format!("{}é", &digest[2..]),
        ] {
            assert_eq!(Digest::from_hex(text), None, "{text}");
        }
    }

    /// A question's digest is SHA-256 of its params' JSON, written into the
    /// hasher as it is serialized: the same as hashing the JSON text.
    #[test]
    fn a_questions_digest_is_sha256_of_its_json() {
        use sha2::{Digest as _, Sha256};

        let hosts = SingleSelectSchema::new([("eu", "Europe \"EU\""), ("us", "United States")])
            .unwrap()
            .with_title("Région");
        let params = ElicitRequestFormParams {
            message: "Which host?\n(Zürich)".into(),
            requested_schema: RequestedSchema {
                properties: vec![("host".into(), PrimitiveSchema::SingleSelect(hosts))],
                required: vec!["host".into()],
            },
        };
        let json = serde_json::to_vec(&params).unwrap();
        assert!(json.len() > 64, "more than one SHA-256 block");
        assert_eq!(
            Digest::of_params(&params).to_hex(),
            hex(&Sha256::digest(&json))
        );
    }

    /// A form with `'static` text as its message is a constant question,
    /// its digest read from the process's record after the first time; any
    /// other message is none. Both are the digest of the params.
    #[test]
    fn a_constant_questions_digest_is_its_params_digest() {
        use std::any::TypeId;
        use std::borrow::Cow;

        use super::Constant;

        let params = |message: &str| ElicitRequestFormParams {
            message: message.to_owned().into(),
            requested_schema: RequestedSchema {
                properties: Vec::new(),
                required: Vec::new(),
            },
        };
        let message: &'static str = "Deploy?";
        let digest = Digest::of_params(&params(message));
        let constant = |requested_schema| ElicitRequestFormParams {
            message: Cow::Borrowed(message),
            requested_schema,
        };
        let form = TypeId::of::<u8>();
        let empty = params(message).requested_schema;
        assert_eq!(Digest::of_form(form, &constant(empty)), digest);
        // Read, not computed again: the params are not looked at.
        let files = SingleSelectSchema::new(["a.txt"]).unwrap();
        let other = RequestedSchema {
            properties: vec![("file".into(), PrimitiveSchema::SingleSelect(files))],
            required: Vec::new(),
        };
        assert_eq!(Digest::of_form(form, &constant(other)), digest);
        assert_eq!(Constant::of(form, &Cow::Owned(message.to_owned())), None);
        assert_ne!(
            Constant::of(TypeId::of::<u16>(), &Cow::Borrowed(message)),
            Constant::of(form, &Cow::Borrowed(message))
        );
    }

    /// The round keeps the answers and the questions asked now, in the
    /// order they were first carried.
    #[test]
    fn a_round_keeps_answers_and_questions_asked_now() {
        let digest = Digest::of(&"q");
        let mut round = Round::default();
        round.entry("asked").asked = Some(digest);
        round.entry("answered").answer = Some(serde_json::json!({"action": "decline"}));
        round.entry("dropped").attempts = 2;
        round.entry("empty");
        round.entry("asked").attempts = 1;
        round.keep(|key| key == "asked" || key == "empty");
        let keys: Vec<&str> = round.iter().map(|(key, _)| key).collect();
        assert_eq!(keys, ["asked", "answered"]);
        assert_eq!(
            round.get("asked"),
            Some(&Carried {
                asked: Some(digest),
                attempts: 1,
                ..Carried::default()
            })
        );
    }
}
