//! The words of the schema rules, one function per rule: the derive's own
//! literal checks (`valid.rs`) and the compile-time checks it generates
//! (`derives/elicit_form.rs`) say a broken rule the same way. Each takes
//! the settings as a message names them: `written("min_items", 2)` is
//! "`min_items = 2`", `inherited("min_items", "Color")` is "the `min_items`
//! of `Color`".

use std::fmt::Display;

/// A setting as the user wrote it: "`key = value`".
pub fn written(key: &str, value: impl Display) -> String {
    format!("`{key} = {value}`")
}

/// A setting the field takes from its enum: "the `key` of `Type`".
pub fn inherited(key: &str, ty: &str) -> String {
    format!("the `{key}` of `{ty}`")
}

/// A message about one field, for checks that cannot point at the field
/// itself.
pub fn field(name: &str, message: &str) -> String {
    format!("field `{name}`: {message}")
}

/// `min_length > max_length`, `minimum > maximum`, `min_items > max_items`.
pub fn greater(low: &str, high: &str) -> String {
    format!("{low} is greater than {high}")
}

/// `minItems` or `maxItems` above the number of options.
pub fn more_than_options(setting: &str, offered: Option<usize>, ty: &str) -> String {
    match offered {
        Some(offered) => format!("{setting} is more than the {offered} offered variants of `{ty}`"),
        None => format!("{setting} is more than the offered variants of `{ty}`"),
    }
}

/// `maxItems` 0.
pub fn max_items_zero() -> String {
    "`max_items = 0` leaves nothing to select; use at least 1".to_owned()
}

/// A multi-select default with fewer items than `minItems`; `len` when it is
/// known.
pub fn fewer_items(default: &str, len: Option<usize>, min: &str) -> String {
    match len {
        Some(len) => format!("{default} has {}, fewer than {min}", items(len)),
        None => format!("{default} has fewer items than {min}"),
    }
}

/// A multi-select default with more items than `maxItems`.
pub fn more_items(default: &str, len: Option<usize>, max: &str) -> String {
    match len {
        Some(len) => format!("{default} has {}, more than {max}", items(len)),
        None => format!("{default} has more items than {max}"),
    }
}

fn items(len: usize) -> String {
    match len {
        1 => "1 item".to_owned(),
        len => format!("{len} items"),
    }
}

/// A multi-select default item given twice.
pub fn appears_twice(item: &str) -> String {
    format!("{item} appears twice in `default_items`")
}

/// A default that is no option of the enum.
pub fn not_an_option(default: &str, ty: &str) -> String {
    format!("{default} is not one of the options of `{ty}` (a skipped variant is not an option)")
}

/// A number default below `minimum`.
pub fn below_minimum(default: &str, minimum: &str) -> String {
    format!("the default {default} is less than {minimum}")
}

/// A number default above `maximum`.
pub fn above_maximum(default: &str, maximum: &str) -> String {
    format!("the default {default} is greater than {maximum}")
}

/// A number bound or default that is NaN or infinite.
pub fn not_finite(setting: &str) -> String {
    format!("{setting} is not finite: a number field's bounds and default must be finite")
}

/// A string default with fewer code points than `minLength`.
pub fn shorter(default: &str, min_length: &str) -> String {
    format!("the default {default} is shorter than {min_length}")
}

/// A string default with more code points than `maxLength`.
pub fn longer(default: &str, max_length: &str) -> String {
    format!("the default {default} is longer than {max_length}")
}

/// A string default outside its `format`.
pub fn not_in_format(default: &str, format: &str) -> String {
    format!("the default {default} does not match {format}")
}
