//! The typed fields: builders over the wire model.

/// `with_title` and `with_description`, the label builders every field
/// has: each stores `$store(text)` in the `title` or `description` of
/// `self` (or of `self.$place`).
macro_rules! label_builders {
    ($text:ty, self $(.$place:ident)* => $store:expr) => {
        /// Sets the field's `title`.
        pub fn with_title(mut self, title: $text) -> Self {
            self$(.$place)*.title = Some($store(title));
            self
        }

        /// Sets the field's `description`.
        pub fn with_description(mut self, description: $text) -> Self {
            self$(.$place)*.description = Some($store(description));
            self
        }
    };
}

pub(crate) mod dynamic;
pub(crate) mod primitive;
pub(crate) mod select;
