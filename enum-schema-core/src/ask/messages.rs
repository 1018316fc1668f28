//! The titles of a form's options as the call's [`Messages`] word them,
//! applied before the form is sent. The trait itself, and the English it
//! defaults to, are `crate::messages`'s: a host reads the same sentences.

use std::borrow::Cow;

use crate::messages::Messages;
use crate::schema::{ElicitRequestFormParams, EnumOption, PrimitiveSchema};

/// `params` with each option's title as `messages` words it
/// ([`Messages::option_title`]): borrowed when no title changes.
pub(crate) fn titled<'p>(
    params: &'p ElicitRequestFormParams,
    messages: &dyn Messages,
) -> Cow<'p, ElicitRequestFormParams> {
    let mut changed: Option<ElicitRequestFormParams> = None;
    for (index, (_, property)) in params.requested_schema.properties.iter().enumerate() {
        let options = match property {
            PrimitiveSchema::SingleSelect(select) => &select.options,
            PrimitiveSchema::MultiSelect(select) => &select.options,
            _ => continue,
        };
        let words = |option: &EnumOption| {
            let title = option.title()?;
            // The same text handed back (English's default) is no change:
            // told by its address, not by comparing the two.
            match messages.option_title(option.value(), title) {
                Cow::Borrowed(same) if std::ptr::eq(same, title) => None,
                other => Some(other.into_owned()),
            }
        };
        if !options.iter().any(|option| words(option).is_some()) {
            continue;
        }
        let translated: Vec<EnumOption> = options
            .iter()
            .map(|option| match words(option) {
                Some(title) => EnumOption::new(option.value().to_owned(), Some(title))
                    .with_description(option.description().map(str::to_owned)),
                None => option.clone(),
            })
            .collect();
        let params = changed.get_or_insert_with(|| params.clone());
        match &mut params.requested_schema.properties[index].1 {
            PrimitiveSchema::SingleSelect(select) => select.options = Cow::Owned(translated),
            PrimitiveSchema::MultiSelect(select) => select.options = Cow::Owned(translated),
            _ => {}
        }
    }
    changed.map_or(Cow::Borrowed(params), Cow::Owned)
}
