//! How a search text is compared with an option: lowercase and in Unicode
//! NFC on both sides, the value or the title containing the text. One rule
//! for the searches of [`Ask::choose`](super::Ask::choose) (`narrow.rs`) and
//! for the options that the result for the model lists after a refused
//! argument (`unasked.rs`).

use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;

use crate::schema::option::EnumOption;

/// `text` as a search compares it: lowercase (`str::to_lowercase`), in
/// Unicode NFC, so that `zürich` typed composed finds `Zu\u{308}rich`
/// read decomposed (macOS file names) and the reverse. Not full case
/// folding: `ß` stays `ß`, so `strasse` does not find `Straße`.
pub(crate) fn folded(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        // Already NFC; lowercase only if it must.
        return if text.bytes().any(|byte| byte.is_ascii_uppercase()) {
            Cow::Owned(text.to_ascii_lowercase())
        } else {
            Cow::Borrowed(text)
        };
    }
    Cow::Owned(text.to_lowercase().nfc().collect())
}

/// Whether `option` matches `text`, already [`folded`]: its value or title
/// contains it, ignoring case and Unicode normalization.
pub(crate) fn matches(option: &EnumOption, text: &str) -> bool {
    folded(option.value()).contains(text)
        || option
            .title()
            .is_some_and(|title| folded(title).contains(text))
}
