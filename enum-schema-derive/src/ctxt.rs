//! The error collector: every mistake found in the input, so that a user
//! with three mistakes sees three errors in one build.

use std::cell::RefCell;
use std::fmt::Display;
use std::thread;

use quote::ToTokens;

/// Collects errors; [`Ctxt::check`] hands them over. Dropping a `Ctxt`
/// whose errors were never checked panics (a bug in the derive, which would
/// otherwise lose them).
pub struct Ctxt {
    /// `None` once checked.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// An error spanned on `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    pub fn syn_error(&self, error: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("Ctxt used after check")
            .push(error);
    }

    /// All errors, combined into one, if there were any.
    pub fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().expect("Ctxt checked twice");
        let mut errors = errors.into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !thread::panicking() && self.errors.borrow().is_some() {
            panic!("forgot to check for errors");
        }
    }
}
