//! Both derives on items that `macro_rules!` macros write: every fragment
//! kind a declarative macro can hand over (`ty`, `ident`, `path`, `meta`,
//! `expr`, `literal`), nested macros, and attributes passed through as
//! `$(#[$m:meta])*`. Each item here must give exactly the schema and the
//! parse of the same item written by hand.
//!
//! Two kinds of trouble hide here. A `$t:ty` (or `$p:path`, `$e:expr`)
//! fragment reaches the derive wrapped in an invisible group
//! (`syn::Type::Group`, `syn::Expr::Group`), which a derive that recognizes
//! `Option`, `Vec`, `bool`, .. by name must look through (case C21). And
//! the tokens of one item can come from several macro expansions, so the
//! locals of the generated code must resolve whatever hygiene context the
//! user's tokens come from (case C22). The compile errors that derives
//! inside macros still report are in `tests/ui/macro_rules/`.
//!
//! Cases C21 and C22 of `shared/cases/` live here.

use enum_schema::{ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind};
use serde_json::{json, Value};

/// The JSON that goes on the wire.
fn wire<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("a schema always serializes")
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Color {
    Red,
    Green,
}

// ---------------------------------------------------------------------------
// C21 — form fields typed through `$ty:ty` (invisible `Type::Group`)
// ---------------------------------------------------------------------------
mod type_fragments {
    use super::*;

    macro_rules! elicit_form {
        ($name:ident { $($field:ident : $ty:ty),* $(,)? }) => {
            #[derive(ElicitForm, Debug, PartialEq)]
            pub struct $name { $(pub $field: $ty),* }
        };
    }

    elicit_form!(Profile {
        nickname: Option<String>,
        age: u8,
        colors: Vec<Color>,
        ok: bool,
        color: Color,
    });

    #[test]
    fn schema_is_the_hand_written_one() {
        assert_eq!(
            wire(Profile::requested_schema()),
            json!({
                "type": "object",
                "properties": {
                    "nickname": {"type": "string"},
                    "age": {"type": "integer", "minimum": 0, "maximum": 255},
                    "colors": {"type": "array", "items": {"type": "string", "enum": ["red", "green"]}},
                    "ok": {"type": "boolean"},
                    "color": {"type": "string", "enum": ["red", "green"]}
                },
                "required": ["age", "colors", "ok", "color"]
            })
        );
    }

    #[test]
    fn response_ok_parses() {
        let response = json!({"action": "accept", "content": {"age": 3, "colors": ["red"], "ok": true, "color": "green"}});
        assert_eq!(
            Profile::parse_result(response),
            Ok(ElicitAction::Accept(Profile {
                nickname: None,
                age: 3,
                colors: vec![Color::Red],
                ok: true,
                color: Color::Green,
            }))
        );
    }
}

// ---------------------------------------------------------------------------
// C22 — the derive's call site and the field types in different expansions
// ---------------------------------------------------------------------------
mod several_expansions {
    use super::*;

    // (a) derive written in the macro body, field types from the caller
    macro_rules! form_from_idents {
        ($name:ident { $($field:ident : $ty:ident),* $(,)? }) => {
            #[derive(ElicitForm, Debug, PartialEq)]
            pub struct $name { $(pub $field: $ty),* }
        };
    }
    form_from_idents!(Profile {
        age: u8,
        ok: bool,
        color: Color
    });

    // (b) derive passed in by the caller, field types written in the macro body
    macro_rules! with_attrs {
        ($(#[$meta:meta])* struct $name:ident;) => {
            $(#[$meta])*
            pub struct $name { pub age: u8, pub color: Color }
        };
    }
    with_attrs!(
        #[derive(ElicitForm, Debug, PartialEq)]
        struct Order;
    );

    #[test]
    fn profile() {
        assert_eq!(
            wire(Profile::requested_schema()),
            json!({"type": "object",
                   "properties": {"age": {"type": "integer", "minimum": 0, "maximum": 255},
                                  "ok": {"type": "boolean"},
                                  "color": {"type": "string", "enum": ["red", "green"]}},
                   "required": ["age", "ok", "color"]})
        );
        assert_eq!(
            Profile::parse_result(
                json!({"action": "accept", "content": {"age": 3, "ok": true, "color": "green"}})
            ),
            Ok(ElicitAction::Accept(Profile {
                age: 3,
                ok: true,
                color: Color::Green
            }))
        );
    }

    #[test]
    fn order() {
        assert_eq!(
            wire(Order::requested_schema()),
            json!({"type": "object",
                   "properties": {"age": {"type": "integer", "minimum": 0, "maximum": 255},
                                  "color": {"type": "string", "enum": ["red", "green"]}},
                   "required": ["age", "color"]})
        );
        assert_eq!(
            Order::parse_result(json!({"action": "accept", "content": {"age": 3, "color": "red"}})),
            Ok(ElicitAction::Accept(Order {
                age: 3,
                color: Color::Red
            }))
        );
    }

    /// A failing field still names itself, and the error still collects
    /// every field: the locals of `from_content` work across expansions.
    #[test]
    fn errors_are_collected() {
        let error =
            Order::parse_result(json!({"action": "accept", "content": {"age": 300}})).unwrap_err();
        let ErrorKind::Multiple(errors) = error.kind() else {
            panic!("expected two errors, got {error:?}");
        };
        assert_eq!(errors.len(), 2, "{error}");
        assert_eq!(
            errors[1],
            Error::from(ErrorKind::MissingField).in_field("color")
        );
    }
}

// ---------------------------------------------------------------------------
// The matrix: ElicitForm
// ---------------------------------------------------------------------------

/// The form every macro below writes, by hand, as the reference.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Reference {
    /// Your name.
    #[elicit(title = "Name", min_length = 1)]
    pub name: String,
    #[elicit(minimum = 1, maximum = 10, default = 2)]
    pub count: u8,
    #[elicit(minimum = 0.5, default = 1.5)]
    pub ratio: f64,
    #[elicit(default = Color::Green)]
    pub color: Color,
    #[elicit(default_items = [Red])]
    pub colors: Vec<Color>,
    #[elicit(default = true)]
    pub ok: Option<bool>,
}

fn reference_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Name", "description": "Your name.", "minLength": 1},
            "count": {"type": "integer", "minimum": 1, "maximum": 10, "default": 2},
            "ratio": {"type": "number", "minimum": 0.5, "default": 1.5},
            "color": {"type": "string", "enum": ["red", "green"], "default": "green"},
            "colors": {"type": "array", "items": {"type": "string", "enum": ["red", "green"]}, "default": ["red"]},
            "ok": {"type": "boolean", "default": true}
        },
        "required": ["name", "count", "ratio", "color", "colors"]
    })
}

fn reference_answer() -> Value {
    json!({"action": "accept", "content": {
        "name": "Ada", "count": 3, "ratio": 2.0, "color": "red", "colors": ["green"], "ok": false
    }})
}

/// Checks one macro-written copy of `Reference` against the hand-written
/// one, field by field through the same answer.
macro_rules! assert_like_reference {
    ($form:ident) => {{
        assert_eq!(wire($form::requested_schema()), reference_schema());
        let parsed = $form::parse_result(reference_answer()).expect("the reference answer parses");
        let ElicitAction::Accept($form {
            name,
            count,
            ratio,
            color,
            colors,
            ok,
        }) = parsed
        else {
            panic!("not an accept");
        };
        assert_eq!(
            (name.as_str(), count, ratio, color, colors, ok),
            ("Ada", 3, 2.0, Color::Red, vec![Color::Green], Some(false))
        );
        assert_eq!(
            $form::parse_result(json!({"action": "accept", "content": {}}))
                .unwrap_err()
                .to_string(),
            Reference::parse_result(json!({"action": "accept", "content": {}}))
                .unwrap_err()
                .to_string()
        );
    }};
}

/// `ty` fragments for every type, `expr` fragments for every attribute value,
/// `meta` fragments for the field attributes and the doc comment.
mod form_ty_expr_meta {
    use super::*;

    macro_rules! form {
        (
            $(#[$container:meta])*
            struct $name:ident {
                $( $(#[$attr:meta])* $field:ident : $ty:ty ),* $(,)?
            }
        ) => {
            $(#[$container])*
            pub struct $name { $( $(#[$attr])* pub $field: $ty ),* }
        };
    }

    macro_rules! value {
        ($e:expr) => {
            $e
        };
    }

    const MIN_RATIO: f64 = 0.5;

    form! {
        #[derive(ElicitForm, Debug, PartialEq)]
        struct ThroughFragments {
            /// Your name.
            #[elicit(title = "Name", min_length = 1)]
            name: String,
            #[elicit(minimum = value!(1), maximum = value!(10), default = value!(2))]
            count: u8,
            #[elicit(minimum = MIN_RATIO, default = value!(1.5))]
            ratio: f64,
            #[elicit(default = Color::Green)]
            color: Color,
            #[elicit(default_items = [Red])]
            colors: Vec<Color>,
            #[elicit(default = true)]
            ok: Option<bool>,
        }
    }

    #[test]
    fn same_as_reference() {
        assert_like_reference!(ThroughFragments);
    }
}

/// Attribute values as `expr` and `literal` fragments inside the macro's
/// own `#[elicit(..)]`, and the doc comment as `#[doc = $doc]`.
mod form_attribute_values {
    use super::*;

    macro_rules! form {
        ($name:ident, $doc:expr, $title:literal, $min:expr, $max:literal, $default:expr,
         $ratio:expr, $variant:expr, $bare:ident, $flag:expr) => {
            #[derive(ElicitForm, Debug, PartialEq)]
            pub struct $name {
                #[doc = $doc]
                #[elicit(title = $title, min_length = 1)]
                pub name: String,
                #[elicit(minimum = $min, maximum = $max, default = $default)]
                pub count: u8,
                #[elicit(minimum = $ratio, default = 1.5)]
                pub ratio: f64,
                #[elicit(default = $variant)]
                pub color: Color,
                #[elicit(default_items = [$bare])]
                pub colors: Vec<Color>,
                #[elicit(default = $flag)]
                pub ok: Option<bool>,
            }
        };
    }

    form!(
        ThroughValues,
        "Your name.",
        "Name",
        1,
        10,
        2,
        0.5,
        Color::Green,
        Red,
        true
    );

    #[test]
    fn same_as_reference() {
        assert_like_reference!(ThroughValues);
    }

    macro_rules! bare_default {
        ($name:ident, $variant:expr) => {
            #[derive(ElicitForm, Debug, PartialEq)]
            pub struct $name {
                #[elicit(default = $variant)]
                pub color: Color,
            }
        };
    }

    // A bare variant name passed as an `expr` fragment is still a variant.
    bare_default!(BareDefault, Green);

    #[test]
    fn bare_variant_through_expr() {
        assert_eq!(
            wire(BareDefault::requested_schema())["properties"]["color"]["default"],
            json!("green")
        );
    }
}

/// Types as `path` and `ident` fragments, the struct written by a macro
/// that another macro calls, with the derive passed down two levels.
mod form_nested {
    use super::*;

    pub mod kinds {
        pub use crate::macro_rules::Color as Paint;
    }

    macro_rules! inner {
        ($(#[$m:meta])* $name:ident, $text:path, $count:ident, $ratio:ty, $color:path, $flag:ident) => {
            $(#[$m])*
            pub struct $name {
                /// Your name.
                #[elicit(title = "Name", min_length = 1)]
                pub name: $text,
                #[elicit(minimum = 1, maximum = 10, default = 2)]
                pub count: $count,
                #[elicit(minimum = 0.5, default = 1.5)]
                pub ratio: $ratio,
                #[elicit(default = Green)]
                pub color: $color,
                #[elicit(default_items = [Red])]
                pub colors: Vec<$color>,
                #[elicit(default = true)]
                pub ok: Option<$flag>,
            }
        };
    }

    macro_rules! outer {
        ($(#[$m:meta])* $name:ident) => {
            inner!($(#[$m])* $name, ::std::string::String, u8, f64, kinds::Paint, bool);
        };
    }

    outer!(
        #[derive(ElicitForm, Debug, PartialEq)]
        Nested
    );

    #[test]
    fn same_as_reference() {
        assert_like_reference!(Nested);
    }
}

// ---------------------------------------------------------------------------
// The matrix: ElicitEnum
// ---------------------------------------------------------------------------

/// The enum every macro below writes, by hand.
/// Pick a size.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case", default = Medium, min_items = 1, default_items = [Small])]
pub enum Size {
    #[elicit(title = "Small", alias = "s")]
    Small,
    #[elicit(title = "Medium", rename = "mid")]
    Medium,
    #[elicit(skip)]
    Huge,
}

fn assert_like_size<T: ElicitEnum + core::fmt::Debug>(small: T, medium: T, huge: T) {
    assert_eq!(wire(T::SINGLE_SELECT), wire(Size::SINGLE_SELECT));
    assert_eq!(wire(T::MULTI_SELECT), wire(Size::MULTI_SELECT));
    assert_eq!(
        wire(T::SINGLE_SELECT),
        json!({"type": "string", "description": "The enum every macro below writes, by hand. Pick a size.",
               "oneOf": [{"const": "small", "title": "Small"}, {"const": "mid", "title": "Medium"}],
               "default": "mid"})
    );
    assert_eq!(
        format!("{:?}", T::parse("s")),
        format!("{:?}", Ok::<T, Error>(small))
    );
    assert_eq!(
        format!("{:?}", T::parse("mid")),
        format!("{:?}", Ok::<T, Error>(medium))
    );
    assert!(T::parse("huge").is_err());
    assert_eq!((huge.value(), huge.option_index()), ("huge", None));
}

/// Variants, titles, renames and aliases as `ident`, `literal` and `expr`
/// fragments; the container attributes as `meta` fragments.
mod enum_fragments {
    use super::*;

    macro_rules! choice {
        (
            $(#[$m:meta])*
            enum $name:ident {
                $first:ident = ($first_title:expr, $alias:literal),
                $second:ident = ($second_title:literal, $rename:expr),
                $skipped:ident,
            }
        ) => {
            $(#[$m])*
            pub enum $name {
                #[elicit(title = $first_title, alias = $alias)]
                $first,
                #[elicit(title = $second_title, rename = $rename)]
                $second,
                #[elicit(skip)]
                $skipped,
            }
        };
    }

    choice! {
        /// The enum every macro below writes, by hand.
        /// Pick a size.
        #[derive(ElicitEnum, Debug, PartialEq)]
        #[elicit(rename_all = "kebab-case", default = Medium, min_items = 1, default_items = [Small])]
        enum Fragments {
            Small = ("Small", "s"),
            Medium = ("Medium", "mid"),
            Huge,
        }
    }

    #[test]
    fn same_as_size() {
        assert_like_size(Fragments::Small, Fragments::Medium, Fragments::Huge);
    }

    macro_rules! defaults_from {
        ($name:ident, $doc:expr, $rule:literal, $default:ident, $min:literal, $items:ident) => {
            #[doc = $doc]
            #[derive(ElicitEnum, Debug, PartialEq)]
            #[elicit(rename_all = $rule, default = $default, min_items = $min, default_items = [$items])]
            pub enum $name {
                #[elicit(title = "Small", alias = "s")]
                Small,
                #[elicit(title = "Medium", rename = "mid")]
                Medium,
                #[elicit(skip)]
                Huge,
            }
        };
    }

    defaults_from!(
        Defaults,
        "The enum every macro below writes, by hand. Pick a size.",
        "kebab-case",
        Medium,
        1,
        Small
    );

    macro_rules! defaults_from_exprs {
        ($name:ident, $title:expr, $default:expr, $($item:expr),*) => {
            #[derive(ElicitEnum, Debug, PartialEq)]
            #[elicit(rename_all = "kebab-case", title = $title, default = $default, default_items = [$($item),*])]
            pub enum $name {
                #[elicit(title = "Small", alias = "s")]
                Small,
                #[elicit(title = "Medium", rename = "mid")]
                Medium,
            }
        };
    }

    // `expr` fragments where a variant name or a wire value is expected.
    defaults_from_exprs!(ExprDefaults, "Size", Medium, Small, "mid");

    #[test]
    fn variant_names_and_values_through_expr_fragments() {
        assert_eq!(
            wire(ExprDefaults::SINGLE_SELECT),
            json!({"type": "string", "title": "Size",
                   "oneOf": [{"const": "small", "title": "Small"}, {"const": "mid", "title": "Medium"}],
                   "default": "mid"})
        );
        assert_eq!(
            wire(ExprDefaults::MULTI_SELECT)["default"],
            json!(["small", "mid"])
        );
    }

    #[test]
    fn container_values_through_fragments() {
        assert_like_size(Defaults::Small, Defaults::Medium, Defaults::Huge);
    }
}

/// An enum written by a macro that a macro calls, the derive and the
/// attributes passed down both levels.
mod enum_nested {
    use super::*;

    macro_rules! inner {
        ($(#[$m:meta])* $name:ident ($($variant:ident $title:literal),*)) => {
            $(#[$m])*
            pub enum $name {
                $(#[elicit(title = $title)] $variant,)*
                #[elicit(skip)]
                Huge,
            }
        };
    }

    macro_rules! outer {
        ($(#[$m:meta])* $name:ident) => {
            inner!($(#[$m])* $name (Small "Small", Medium "Medium"));
        };
    }

    outer!(
        /// The enum every macro below writes, by hand.
        /// Pick a size.
        #[derive(ElicitEnum, Debug, PartialEq)]
        #[elicit(rename_all = "kebab-case", default = Medium, min_items = 1, default_items = [Small])]
        Nested
    );

    // The `alias` and `rename` of `Size` are not on `Nested`: compare by hand.
    #[test]
    fn nested_enum() {
        assert_eq!(
            wire(Nested::SINGLE_SELECT),
            json!({"type": "string", "description": "The enum every macro below writes, by hand. Pick a size.",
                   "oneOf": [{"const": "small", "title": "Small"}, {"const": "medium", "title": "Medium"}],
                   "default": "medium"})
        );
        assert_eq!(Nested::parse("small"), Ok(Nested::Small));
        assert!(Nested::parse("huge").is_err());
        assert_eq!(Nested::Huge.option_index(), None);
    }

    /// A form of enums, all of it from one macro that the derive reaches
    /// through `meta` fragments.
    macro_rules! both {
        ($(#[$e:meta])* enum $enum:ident; $(#[$f:meta])* struct $form:ident;) => {
            $(#[$e])*
            pub enum $enum { Yes, No }

            $(#[$f])*
            pub struct $form {
                #[elicit(default = Yes)]
                pub answer: $enum,
                pub answers: Vec<$enum>,
            }
        };
    }

    both! {
        #[derive(ElicitEnum, Debug, PartialEq)]
        #[elicit(rename_all = "lowercase")]
        enum YesNo;
        #[derive(ElicitForm, Debug, PartialEq)]
        struct Poll;
    }

    #[test]
    fn enum_and_form_from_one_macro() {
        assert_eq!(
            wire(Poll::requested_schema()),
            json!({"type": "object", "properties": {
                "answer": {"type": "string", "enum": ["yes", "no"], "default": "yes"},
                "answers": {"type": "array", "items": {"type": "string", "enum": ["yes", "no"]}}
            }, "required": ["answer", "answers"]})
        );
        assert_eq!(
            Poll::parse_result(
                json!({"action": "accept", "content": {"answer": "no", "answers": []}})
            ),
            Ok(ElicitAction::Accept(Poll {
                answer: YesNo::No,
                answers: vec![]
            }))
        );
    }
}
