//! The typed fields: builders over the wire model.

pub(crate) mod dynamic;
pub(crate) mod primitive;
pub(crate) mod select;
