//! The generated code uses absolute paths only, emits no warnings, and works
//! on awkward enums and forms: prelude and primitive names shadowed
//! (`str`, `bool`, `String`, `Option`, `Vec`, `u8`, ..), variants and items
//! named like the generated locals, `#[non_exhaustive]`, `#[repr]`,
//! deprecated variants.
#![deny(warnings, unused_qualifications, missing_docs)]
#![no_implicit_prelude]
//! (the module's docs, for `missing_docs`: `main.rs` declares it `pub`)

mod shadowed {
    #![allow(dead_code, non_camel_case_types)]

    use ::enum_schema::ElicitEnum;

    struct Result;
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct String;
    struct Default;
    struct Vec;
    struct Box;
    struct str;
    struct usize;
    struct bool;
    trait Iterator {}
    mod core {}
    mod std {}
    mod enum_schema {}

    /// Variants named like the things the derive generates or uses.
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[non_exhaustive]
    #[repr(u8)]
    #[elicit(crate = "::enum_schema", default = None, min_items = 1, default_items = [Some, "value"])]
    pub enum Awkward {
        Option = 3,
        Some,
        None,
        Self_,
        __value,
        __index,
        #[deprecated(note = "use `value`")]
        value,
        #[elicit(skip)]
        Skipped(u8),
    }

    #[test]
    fn derives_and_works() {
        let mut values = ::std::vec::Vec::new();
        for option in <Awkward as ElicitEnum>::OPTIONS {
            values.push(option.value());
        }
        ::std::assert_eq!(
            values,
            ["Option", "Some", "None", "Self_", "__value", "__index", "value"]
        );
        ::std::assert_eq!(
            <Awkward as ElicitEnum>::from_wire_value("__index"),
            ::std::option::Option::Some(Awkward::__index)
        );
        ::std::assert_eq!(
            <Awkward as ElicitEnum>::SINGLE_SELECT.default_value(),
            ::std::option::Option::Some("None")
        );
        ::std::assert_eq!(Awkward::Skipped(1).value(), "Skipped");
        ::std::assert_eq!(
            Awkward::Skipped(1).option_index(),
            ::std::option::Option::None
        );
    }
}

/// A form where every name the generated code could use is shadowed: the
/// derive must write only absolute paths, and recognize field types
/// written as absolute paths too.
mod shadowed_form {
    #![allow(dead_code, non_camel_case_types)]

    use ::enum_schema::{ElicitAction, ElicitEnum, ElicitForm};

    struct Result;
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct String;
    struct Default;
    struct Vec;
    struct Box;
    struct str;
    struct usize;
    struct bool;
    struct u8;
    struct i64;
    struct f64;
    struct Self_;
    trait Iterator {}
    trait FormField {}
    mod core {}
    mod std {}
    mod enum_schema {}
    mod serde_json {}
    fn __property0() {}
    fn __fields() {}

    /// A choice.
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Pick {
        First,
        Second,
    }

    const LIMIT: ::core::primitive::i64 = 9;

    /// Every kind of field, every attribute that takes a value.
    #[derive(ElicitForm, Debug, PartialEq)]
    #[elicit(message = "Fill it in")]
    pub struct Everything {
        #[elicit(title = "Text", min_length = 1, max_length = 9, default = "abc")]
        text: ::std::string::String,
        #[elicit(format = "email", default = "a@b.example")]
        email: ::core::option::Option<::std::string::String>,
        #[elicit(default = true)]
        flag: ::core::primitive::bool,
        #[elicit(minimum = 1, maximum = 10, default = 2)]
        small: ::core::primitive::u8,
        #[elicit(minimum = -1, maximum = self::LIMIT, default = Self::START)]
        wide: ::core::primitive::i64,
        #[elicit(minimum = 0.5, default = 1.5)]
        ratio: ::core::primitive::f64,
        #[elicit(default = Second)]
        pick: Pick,
        #[elicit(default = "first")]
        maybe: ::core::option::Option<Pick>,
        #[elicit(min_items = 1, default_items = [First, "second"])]
        picks: ::std::vec::Vec<Pick>,
    }

    impl Everything {
        const START: ::core::primitive::i64 = 3;
    }

    #[test]
    fn derives_and_works() {
        ::std::assert_eq!(
            ::serde_json::to_string(&<Everything as ElicitForm>::requested_schema()).unwrap(),
            ::std::concat!(
                r#"{"type":"object","properties":{"#,
                r#""text":{"type":"string","title":"Text","minLength":1,"maxLength":9,"default":"abc"},"#,
                r#""email":{"type":"string","format":"email","default":"a@b.example"},"#,
                r#""flag":{"type":"boolean","default":true},"#,
                r#""small":{"type":"integer","minimum":1,"maximum":10,"default":2},"#,
                r#""wide":{"type":"integer","minimum":-1,"maximum":9,"default":3},"#,
                r#""ratio":{"type":"number","minimum":0.5,"default":1.5},"#,
                r#""pick":{"type":"string","description":"A choice.","enum":["first","second"],"default":"second"},"#,
                r#""maybe":{"type":"string","description":"A choice.","enum":["first","second"],"default":"first"},"#,
                r#""picks":{"type":"array","description":"A choice.","minItems":1,"#,
                r#""items":{"type":"string","enum":["first","second"]},"default":["first","second"]}},"#,
                r#""required":["text","flag","small","wide","ratio","pick","picks"]}"#,
            )
        );
        let answer = ::serde_json::from_str(
            r#"{"action":"accept","content":{"text":"t","flag":false,"small":3,"wide":-1,
                "ratio":2.5,"pick":"first","picks":["second"]}}"#,
        )
        .unwrap();
        let ::core::result::Result::Ok(ElicitAction::Accept(parsed)) =
            <Everything as ElicitForm>::parse_result(answer)
        else {
            ::std::panic!("not an accept");
        };
        ::std::assert_eq!(parsed.text, "t");
        ::std::assert_eq!(parsed.email, ::core::option::Option::None);
        ::std::assert_eq!(
            (parsed.flag, parsed.small, parsed.wide, parsed.ratio),
            (false, 3, -1, 2.5)
        );
        ::std::assert_eq!(parsed.pick, Pick::First);
        ::std::assert_eq!(parsed.maybe, ::core::option::Option::None);
        ::std::assert_eq!(parsed.picks, ::std::vec![Pick::Second]);
    }
}

/// An enum whose crate path goes through a re-export.
mod reexported {
    pub mod facade {
        pub use ::enum_schema as schema;
    }

    #[derive(::enum_schema::ElicitEnum)]
    #[elicit(crate = "crate::hygiene::reexported::facade::schema")]
    pub enum Through {
        One,
    }

    #[test]
    fn crate_path_is_used() {
        ::std::assert_eq!(<Through as facade::schema::ElicitEnum>::OPTIONS.len(), 1);
    }
}

/// Items of the user's named like the generated locals once were (`__value`,
/// `__content`, `__name`, `__errors`, `__schema`, `__answer0`, `__field0`):
/// the locals have mixed-site hygiene and the derives' own `__elicit`
/// prefix, so these neither capture nor break them.
mod items_named_like_locals {
    #![allow(dead_code, non_upper_case_globals, non_camel_case_types)]

    const __value: &str = "taken";
    const __errors: u8 = 0;
    const __schema: u8 = 0;
    const __answer0: ::core::option::Option<u8> = ::core::option::Option::None;
    const __field0: u8 = 0;
    const __content: u8 = 0;
    struct __name;

    /// A choice.
    #[derive(::enum_schema::ElicitEnum, Debug, PartialEq)]
    pub enum Pick {
        First,
        Second,
    }

    /// A form.
    #[derive(::enum_schema::ElicitForm, Debug, PartialEq)]
    pub struct Both {
        /// A pick.
        pub pick: Pick,
        /// A count with a default, read through a typed local.
        #[elicit(default = 3, maximum = 9)]
        pub count: u8,
    }

    #[test]
    fn locals_stay_the_derives_own() {
        // `json!` needs `Into`, which `no_implicit_prelude` leaves out.
        use ::enum_schema::{ElicitEnum, ElicitForm};
        use ::std::convert::Into;
        ::std::assert_eq!(
            Pick::from_wire_value("Second"),
            ::core::option::Option::Some(Pick::Second)
        );
        let answer = ::serde_json::json!({"count": 4, "pick": "First", "other": 1});
        let ::serde_json::Value::Object(content) = answer else {
            ::std::unreachable!()
        };
        ::std::assert_eq!(
            Both::from_content(content),
            ::core::result::Result::Ok(Both {
                pick: Pick::First,
                count: 4
            })
        );
    }
}

/// A module that forbids `dead_code`: the derive adds no
/// `#[allow(dead_code)]` that the `forbid` would refuse (E0453).
mod forbids_dead_code {
    #![forbid(dead_code)]

    /// A choice.
    #[derive(::enum_schema::ElicitEnum)]
    pub enum Private {
        A,
    }

    #[test]
    fn derives() {
        ::std::assert_eq!(
            <Private as ::enum_schema::ElicitEnum>::value(&Private::A),
            "A"
        );
    }
}
