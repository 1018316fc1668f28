//! A value and an array into a derived enum: the input is one wire value
//! (the raw text) and, if it is JSON, a single-select and a multi-select
//! answer. Besides never panicking: whatever is accepted is exactly an
//! offered value or alias, and an accepted array has the right length, no
//! duplicates, and every element accepted on its own.
#![no_main]

use enum_schema::{ElicitEnum, Error, ErrorKind};
use enum_schema_fuzz::{Hosting, Size, HOSTING_ALIASES};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fn expected(text: &str) -> Option<Hosting> {
    Hosting::OPTIONS
        .iter()
        .position(|option| option.value() == text)
        .and_then(Hosting::from_option_index)
        .or_else(|| {
            HOSTING_ALIASES
                .iter()
                .find(|(alias, _)| *alias == text)
                .map(|(_, variant)| *variant)
        })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The raw text as one wire value.
    let parsed = Hosting::parse(text);
    assert_eq!(parsed.as_ref().ok().copied(), expected(text), "{text:?}");
    assert_eq!(Hosting::from_wire_value(text), expected(text));
    if let Err(miss) = parsed {
        assert_eq!((miss.value(), miss.allowed()), (text, Hosting::OPTIONS));
        let error = Error::from(miss);
        assert_eq!(
            error,
            Error::from(ErrorKind::InvalidValue {
                value: text.to_owned(),
                allowed: Hosting::OPTIONS.into(),
            })
        );
        assert_eq!(miss.to_string(), error.to_string());
    }

    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return;
    };
    // Single-select.
    match Hosting::parse_value(value.clone()) {
        Ok(variant) => assert_eq!(value.as_str().and_then(expected), Some(variant)),
        Err(error) => {
            assert!(value.as_str().and_then(expected).is_none(), "{value}");
            let _ = error.to_string();
        }
    }
    match Size::SINGLE_SELECT
        .with_legacy(true)
        .parse_value(value.clone())
    {
        Ok(variant) => assert_eq!(Some(variant.value()), value.as_str()),
        Err(error) => {
            let _ = error.to_string();
        }
    }
    // Multi-select: 1..=3 items.
    match Hosting::MULTI_SELECT.parse_value(value.clone()) {
        Ok(variants) => {
            let items = value.as_array().expect("only an array is accepted");
            assert_eq!(items.len(), variants.len());
            assert!((1..=3).contains(&variants.len()));
            for (item, variant) in items.iter().zip(&variants) {
                assert_eq!(item.as_str().and_then(expected), Some(*variant));
            }
            for (i, variant) in variants.iter().enumerate() {
                assert!(!variants[..i].contains(variant), "duplicate {variant:?}");
            }
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    match Size::MULTI_SELECT.parse_value(value) {
        Ok(variants) => assert!(variants.len() <= Size::OPTIONS.len()),
        Err(error) => {
            let _ = error.to_string();
        }
    }
});
