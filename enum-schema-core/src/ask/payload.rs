//! The payload a `requestState` seals, version 2: a [`Round`] as JSON,
//! `{"v":2,"exp":..,"call":..,"answers":{..},"attempts":{..},"questions":{..},"refused":{..}}`
//! (`call`, the call's id, since 0.2; a state without one is read too),
//! or with an answer store the handle the store keeps it under,
//! `{"v":2,"exp":..,"handle":".."}`; written and read here, and nowhere
//! else.

use std::fmt;
use std::marker::PhantomData;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::RequestStateError;
use super::round::{CallId, Carried, Digest, Round};

/// The version of the payload's layout: 2 since the questions' digests.
const VERSION: u64 = 2;

/// The payload that carries `round`, expiring `ttl` from now: each part
/// a map by question key, `attempts` and `refused` only when not empty.
pub(crate) fn write(round: &Round, ttl: Duration) -> Vec<u8> {
    struct Whole<'a>(&'a Round, u64);

    impl<'a> Serialize for Whole<'a> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let Whole(round, expiry) = self;
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("v", &VERSION)?;
            map.serialize_entry("exp", expiry)?;
            if let Some(call) = round.call {
                map.serialize_entry("call", &call.to_hex())?;
            }
            let answer = |carried: &'a Carried| carried.answer.as_ref();
            map.serialize_entry("answers", &Part(round, answer))?;
            let attempts = |carried: &Carried| Some(carried.attempts).filter(|count| *count > 0);
            if round.iter().any(|(_, carried)| attempts(carried).is_some()) {
                map.serialize_entry("attempts", &Part(round, attempts))?;
            }
            let asked = |carried: &Carried| carried.asked;
            map.serialize_entry("questions", &Part(round, asked))?;
            let refused = |carried: &Carried| carried.refused;
            if round.iter().any(|(_, carried)| refused(carried).is_some()) {
                map.serialize_entry("refused", &Part(round, refused))?;
            }
            map.end()
        }
    }

    serde_json::to_vec(&Whole(round, expiry(ttl))).unwrap_or_default()
}

/// One part of the payload: what `pick` finds carried for each key, by
/// key; a key for which it finds nothing is left out.
struct Part<'a, F>(&'a Round, F);

impl<'a, T: Serialize, F: Fn(&'a Carried) -> Option<T>> Serialize for Part<'a, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Part(round, pick) = self;
        let mut map = serializer.serialize_map(None)?;
        for (key, carried) in round.iter() {
            if let Some(value) = pick(carried) {
                map.serialize_entry(key, &value)?;
            }
        }
        map.end()
    }
}

impl Serialize for Digest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Digest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Borrowed from the payload: a digest has nothing to unescape.
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Digest::from_hex(&text).ok_or_else(|| {
            de::Error::invalid_value(
                de::Unexpected::Str(&text),
                &"a SHA-256 digest in lowercase hex",
            )
        })
    }
}

/// Reads the payload of a state that carries its round.
///
/// # Errors
///
/// [`RequestStateError::Malformed`] for anything this crate does not seal
/// (a part missing or of the wrong JSON type, a count that is no whole
/// number, a digest that is not 64 lowercase hex digits, another version,
/// a handle), [`RequestStateError::Expired`] past its expiry.
pub(crate) fn read(payload: &[u8]) -> Result<Round, RequestStateError> {
    let Ok(Parts {
        version: Some(VERSION),
        expiry: Some(expiry),
        call,
        answers: Some(answers),
        attempts,
        questions: Some(questions),
        refused,
        handle: None,
        ..
    }) = serde_json::from_slice::<Parts>(payload)
    else {
        return Err(RequestStateError::Malformed);
    };
    let call = match call.as_deref().map(CallId::from_hex) {
        Some(None) => return Err(RequestStateError::Malformed),
        Some(Some(call)) => Some(call),
        None => None,
    };
    if now() > expiry {
        return Err(RequestStateError::Expired);
    }
    let mut round = Round::default();
    round.call = call;
    for (key, digest) in questions.0 {
        round.entry(&key).asked = Some(digest);
    }
    for (key, answer) in answers {
        round.entry(&key).answer = Some(answer);
    }
    for (key, count) in attempts.map(|attempts| attempts.0).unwrap_or_default() {
        round.entry(&key).attempts = u32::try_from(count).unwrap_or(u32::MAX);
    }
    for (key, digest) in refused.map(|refused| refused.0).unwrap_or_default() {
        round.entry(&key).refused = Some(digest);
    }
    Ok(round)
}

/// The payload of a state whose round a store keeps:
/// `{"v":2,"exp":..,"handle":".."}`.
#[cfg(feature = "store")]
pub(crate) fn write_handle(handle: &str, ttl: Duration) -> Vec<u8> {
    /// The three keys in this order, written by the serializer every
    /// payload is written with (no `Map` built to write it).
    struct Handle<'a>(u64, &'a str);

    impl Serialize for Handle<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(Some(3))?;
            map.serialize_entry("v", &VERSION)?;
            map.serialize_entry("exp", &self.0)?;
            map.serialize_entry("handle", self.1)?;
            map.end()
        }
    }

    serde_json::to_vec(&Handle(expiry(ttl), handle)).unwrap_or_default()
}

/// Reads the payload of a state whose round a store keeps: `v`, `exp`
/// and a handle, nothing else.
///
/// # Errors
///
/// [`RequestStateError::Malformed`] for anything else (a round sealed in
/// the state among it), [`RequestStateError::Expired`] past its expiry.
#[cfg(feature = "store")]
pub(crate) fn read_handle(payload: &[u8]) -> Result<String, RequestStateError> {
    let Ok(Parts {
        version: Some(VERSION),
        expiry: Some(expiry),
        handle: Some(handle),
        call: None,
        answers: None,
        attempts: None,
        questions: None,
        refused: None,
        other: false,
    }) = serde_json::from_slice::<Parts>(payload)
    else {
        return Err(RequestStateError::Malformed);
    };
    if !super::store::is_handle(&handle) {
        return Err(RequestStateError::Malformed);
    }
    if now() > expiry {
        return Err(RequestStateError::Expired);
    }
    Ok(handle)
}

/// Milliseconds since the Unix epoch.
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

/// The expiry of a state sealed now with `ttl`, in milliseconds since the
/// Unix epoch.
fn expiry(ttl: Duration) -> u64 {
    now().saturating_add(u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX))
}

/// The payload's top level, read straight into its parts: every round that
/// opens a state reads one, and a `Value` of the whole would build a map
/// only to take the parts out of it. A part of the wrong JSON type fails
/// the whole read; a key this crate does not write is skipped, and noted
/// in `other`.
#[derive(Default)]
struct Parts {
    version: Option<u64>,
    expiry: Option<u64>,
    call: Option<String>,
    answers: Option<Map<String, Value>>,
    attempts: Option<ByKey<u64>>,
    questions: Option<ByKey<Digest>>,
    refused: Option<ByKey<Digest>>,
    handle: Option<String>,
    other: bool,
}

/// A JSON object of one type of value, read in its order.
struct ByKey<T>(Vec<(String, T)>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByKey<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ByKeyVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for ByKeyVisitor<T> {
            type Value = ByKey<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ByKey<T>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(ByKey(entries))
            }
        }

        deserializer.deserialize_map(ByKeyVisitor(PhantomData))
    }
}

impl<'de> Deserialize<'de> for Parts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PartsVisitor;

        impl<'de> Visitor<'de> for PartsVisitor {
            type Value = Parts;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the payload of a requestState")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parts, A::Error> {
                let mut parts = Parts::default();
                while let Some(key) = map.next_key()? {
                    match key {
                        Key::Version => parts.version = Some(map.next_value()?),
                        Key::Expiry => parts.expiry = Some(map.next_value()?),
                        Key::Call => parts.call = Some(map.next_value()?),
                        Key::Answers => parts.answers = Some(map.next_value()?),
                        Key::Attempts => parts.attempts = Some(map.next_value()?),
                        Key::Questions => parts.questions = Some(map.next_value()?),
                        Key::Refused => parts.refused = Some(map.next_value()?),
                        Key::Handle => parts.handle = Some(map.next_value()?),
                        Key::Other => {
                            map.next_value::<IgnoredAny>()?;
                            parts.other = true;
                        }
                    }
                }
                Ok(parts)
            }
        }

        deserializer.deserialize_map(PartsVisitor)
    }
}

/// A key of the payload's top level, read without allocating.
enum Key {
    Version,
    Expiry,
    Call,
    Answers,
    Attempts,
    Questions,
    Refused,
    Handle,
    /// A key this crate does not write.
    Other,
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;

        impl Visitor<'_> for KeyVisitor {
            type Value = Key;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key of a requestState's payload")
            }

            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                Ok(match key {
                    "v" => Key::Version,
                    "exp" => Key::Expiry,
                    "call" => Key::Call,
                    "answers" => Key::Answers,
                    "attempts" => Key::Attempts,
                    "questions" => Key::Questions,
                    "refused" => Key::Refused,
                    "handle" => Key::Handle,
                    _ => Key::Other,
                })
            }
        }

        deserializer.deserialize_identifier(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::{json, Value};

    use super::{read, write, RequestStateError};
    use crate::ask::round::{Digest, Round};

    fn digest(n: u8) -> String {
        format!("{n:02x}").repeat(32)
    }

    /// A payload this crate seals is read back part for part, typed; a key
    /// it does not write is skipped; written again, it is the same JSON.
    #[test]
    fn a_payload_is_read_part_for_part() {
        let (d1, d2, d3) = (digest(1), digest(2), digest(3));
        let payload = json!({"v": 2, "exp": u64::MAX,
            "answers": {"a": {"action": "accept", "content": {"n": 1}}},
            "attempts": {"b": 2}, "questions": {"a": d1, "b": d2}, "refused": {"b": d3},
            "later": [1, {"x": null}]});
        let round = read(payload.to_string().as_bytes()).unwrap();
        let a = round.get("a").unwrap();
        assert_eq!(a.asked, Digest::from_hex(&d1));
        assert_eq!(
            a.answer,
            Some(json!({"action": "accept", "content": {"n": 1}}))
        );
        assert_eq!((a.attempts, a.refused), (0, None));
        let b = round.get("b").unwrap();
        assert_eq!(b.asked, Digest::from_hex(&d2));
        assert_eq!((&b.answer, b.attempts), (&None, 2));
        assert_eq!(b.refused, Digest::from_hex(&d3));

        let mut written: Value = serde_json::from_slice(&write(&round, Duration::ZERO)).unwrap();
        assert!(written["exp"].is_u64());
        written["exp"] = json!(u64::MAX);
        let mut expected = payload;
        expected.as_object_mut().unwrap().remove("later");
        assert_eq!(written, expected);

        let bare = json!({"v": 2, "exp": u64::MAX, "answers": {}, "questions": {}});
        assert_eq!(read(bare.to_string().as_bytes()), Ok(Round::default()));
        let written = String::from_utf8(write(&Round::default(), Duration::ZERO)).unwrap();
        assert!(
            written.starts_with(r#"{"v":2,"exp":"#)
                && written.ends_with(r#","answers":{},"questions":{}}"#),
            "{written}"
        );
    }

    /// Anything else is `Malformed` (a part missing or of the wrong JSON
    /// type, a digest that is not one, another version, no object), and a
    /// payload past its expiry `Expired`.
    #[test]
    fn anything_else_is_malformed_or_expired() {
        let never = "18446744073709551615";
        let d = digest(0xab);
        let malformed = [
            String::new(),
            "[]".to_owned(),
            "{".to_owned(),
            format!(r#"{{"exp":{never},"answers":{{}},"questions":{{}}}}"#),
            format!(r#"{{"v":1,"exp":{never},"answers":{{}},"questions":{{}}}}"#),
            format!(r#"{{"v":"2","exp":{never},"answers":{{}},"questions":{{}}}}"#),
            format!(r#"{{"v":2.0,"exp":{never},"answers":{{}},"questions":{{}}}}"#),
            r#"{"v":2,"answers":{},"questions":{}}"#.to_owned(),
            r#"{"v":2,"exp":-1,"answers":{},"questions":{}}"#.to_owned(),
            format!(r#"{{"v":2,"exp":{never},"questions":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":[],"questions":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{"a":1}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{"a":"d1"}}}}"#),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{"a":"{}"}}}}"#,
                d.to_uppercase()
            ),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"attempts":{{"a":-1}}}}"#
            ),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"attempts":{{"a":1.5}}}}"#
            ),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"attempts":[]}}"#),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"refused":{{"a":null}}}}"#
            ),
            format!(r#"{{"v":2,"exp":{never},"handle":"00000000000000000000000000000000"}}"#),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"handle":"00000000000000000000000000000000"}}"#
            ),
        ];
        for payload in malformed {
            assert_eq!(
                read(payload.as_bytes()).err(),
                Some(RequestStateError::Malformed),
                "{payload}"
            );
        }
        let expired = br#"{"v":2,"exp":1,"answers":{},"questions":{}}"#;
        assert_eq!(read(expired).err(), Some(RequestStateError::Expired));
    }

    /// With a store, the payload is `v`, `exp` and a handle, nothing else.
    #[cfg(feature = "store")]
    #[test]
    fn a_handle_payload_holds_the_handle_alone() {
        use super::{read_handle, write_handle};

        let never = "18446744073709551615";
        let handle = "0123456789abcdef0123456789abcdef";
        let payload = format!(r#"{{"v":2,"exp":{never},"handle":"{handle}"}}"#);
        assert_eq!(read_handle(payload.as_bytes()).as_deref(), Ok(handle));
        let written = write_handle(handle, Duration::from_secs(60));
        assert_eq!(read_handle(&written).as_deref(), Ok(handle));
        let malformed = [
            format!(r#"{{"v":2,"exp":{never}}}"#),
            format!(r#"{{"v":1,"exp":{never},"handle":"{handle}"}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"{handle}","answers":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"{handle}","questions":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"{handle}","later":1}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"0123456789ABCDEF0123456789ABCDEF"}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":7}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}}}}"#),
        ];
        for payload in malformed {
            assert_eq!(
                read_handle(payload.as_bytes()),
                Err(RequestStateError::Malformed),
                "{payload}"
            );
        }
        let expired = format!(r#"{{"v":2,"exp":1,"handle":"{handle}"}}"#);
        assert_eq!(
            read_handle(expired.as_bytes()),
            Err(RequestStateError::Expired)
        );
    }
}
