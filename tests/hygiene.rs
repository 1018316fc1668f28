//! The generated code uses absolute paths only, emits no warnings, and works
//! on awkward enums: prelude names shadowed, variants named like the
//! generated locals, `#[non_exhaustive]`, `#[repr]`, deprecated variants.
#![deny(warnings, unused_qualifications, missing_docs)]
#![no_implicit_prelude]
//! (crate docs, for `missing_docs`)

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
            <Awkward as ElicitEnum>::from_value("__index"),
            ::std::option::Option::Some(Awkward::__index)
        );
        ::std::assert_eq!(
            <Awkward as ElicitEnum>::SCHEMA.get_default(),
            ::std::option::Option::Some("None")
        );
        ::std::assert_eq!(Awkward::Skipped(1).value(), "Skipped");
        ::std::assert_eq!(
            Awkward::Skipped(1).option_index(),
            ::std::option::Option::None
        );
    }
}

/// An enum whose crate path goes through a re-export.
mod reexported {
    pub mod facade {
        pub use ::enum_schema as schema;
    }

    #[derive(::enum_schema::ElicitEnum)]
    #[elicit(crate = "crate::reexported::facade::schema")]
    pub enum Through {
        One,
    }

    #[test]
    fn crate_path_is_used() {
        ::std::assert_eq!(<Through as facade::schema::ElicitEnum>::OPTIONS.len(), 1);
    }
}
