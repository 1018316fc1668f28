//! Any schema text into the peer reader, then an answer checked against it.
//! The input is `SCHEMA\0ANSWER`. SCHEMA is read as a whole
//! `requestedSchema` and, failing that, as one property schema; ANSWER is
//! an `ElicitResult` (or the property's value). Besides never panicking:
//! what the reader writes it reads back and writes the same, and what passed the
//! checks passes them again unchanged.
#![no_main]

use enum_schema::{
    schema::{PrimitiveSchema, RequestedSchema},
    ElicitAction,
};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (schema_text, answer_text) = text.split_once('\0').unwrap_or((text, ""));
    let answer = serde_json::from_str::<Value>(answer_text).ok();
    match RequestedSchema::from_json_str(schema_text) {
        Ok(schema) => {
            // What it writes, it reads back and writes the same. (Not the
            // same model: an untitled option in a titled schema is read
            // as untitled and written with its value as title, which the
            // spec requires; the second reading sees that title.)
            let written = serde_json::to_string(&schema).unwrap();
            let reread = RequestedSchema::from_json_str(&written)
                .unwrap_or_else(|error| panic!("cannot read its own {written}: {error}"));
            assert_eq!(serde_json::to_string(&reread).unwrap(), written);
            let Some(answer) = answer else { return };
            match schema.parse_result(answer.clone()) {
                Ok(ElicitAction::Accept(content)) => {
                    assert_eq!(schema.check_content(content.clone()), Ok(content));
                }
                Ok(_) => {}
                Err(error) => {
                    let _ = error.to_string();
                }
            }
            if let Value::Object(content) = answer {
                if let Err(error) = schema.check_content(content) {
                    let _ = error.to_string();
                }
            }
        }
        Err(error) => {
            let _ = error.to_string();
            let Ok(value) = serde_json::from_str::<Value>(schema_text) else {
                return;
            };
            let property = match PrimitiveSchema::from_json(&value) {
                Ok(property) => property,
                Err(error) => {
                    let _ = error.to_string();
                    return;
                }
            };
            let written = serde_json::to_value(&property).unwrap();
            let reread = PrimitiveSchema::from_json(&written)
                .unwrap_or_else(|error| panic!("cannot read its own {written}: {error}"));
            assert_eq!(serde_json::to_value(&reread).unwrap(), written);
            let Some(answer) = answer else { return };
            match property.check(answer) {
                Ok(checked) => assert_eq!(property.check(checked.clone()), Ok(checked)),
                Err(error) => {
                    let _ = error.to_string();
                }
            }
        }
    }
});
