//! The generation files, one per derive; what they share is here.

pub mod elicit_enum;
pub mod elicit_form;

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::ctxt::Ctxt;

/// The typed view `from_ast` makes of the input (`Enum`, `Form`), with
/// the context that collects the errors found in it from then on; or the
/// errors of an input it cannot read at all (the wrong kind of item).
/// `from_ast` reports why whenever it gives up; `unread` is the error if
/// it did not.
pub fn view<'a, T>(
    input: &'a DeriveInput,
    from_ast: impl FnOnce(&Ctxt, &'a DeriveInput) -> Option<T>,
    unread: &str,
) -> Result<(Ctxt, T), syn::Error> {
    let cx = Ctxt::new();
    match from_ast(&cx, input) {
        Some(view) => Ok((cx, view)),
        None => Err(cx
            .check()
            .err()
            .unwrap_or_else(|| syn::Error::new_spanned(&input.ident, unread))),
    }
}

pub fn some_str(value: Option<String>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

pub fn some_usize(value: Option<usize>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// `tokens` with every span set to `span`. Only for tokens that declare
/// every local they use: a local respanned away from its declaration
/// resolves in another hygiene context once a `macro_rules!` expansion lies
/// between the two (C22).
pub fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let proc_macro2::TokenTree::Group(group) = &token {
                let mut respanned =
                    proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                respanned.set_span(span);
                token = proc_macro2::TokenTree::Group(respanned);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}

/// The span of the first token, for errors about a value as a whole.
pub fn span_of(tokens: &TokenStream) -> proc_macro2::Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(proc_macro2::Span::call_site, |token| token.span())
}

/// Tokens as a user reads them in a message: `f64::NAN`, `-5`,
/// `Size::Large`, `[Red, "green"]` (`to_string` would space them out).
pub fn text(tokens: &TokenStream) -> String {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    let mut out = String::new();
    let mut word = false;
    for token in tokens.clone() {
        match token {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                if word && group.delimiter() == Delimiter::None {
                    out.push(' ');
                }
                out.push_str(open);
                out.push_str(&text(&group.stream()));
                out.push_str(close);
                word = group.delimiter() == Delimiter::None;
            }
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if word {
                    out.push(' ');
                }
                out.push_str(&token.to_string());
                word = true;
            }
            TokenTree::Punct(punct) => {
                out.push(punct.as_char());
                if punct.as_char() == ',' && punct.spacing() == Spacing::Alone {
                    out.push(' ');
                }
                word = false;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::text;

    #[test]
    fn tokens_read_as_written() {
        assert_eq!(text(&quote!(f64::NAN)), "f64::NAN");
        assert_eq!(text(&quote!(-5)), "-5");
        assert_eq!(text(&quote!(self::DEFAULT)), "self::DEFAULT");
        assert_eq!(text(&quote!([Red, "green"])), "[Red, \"green\"]");
        assert_eq!(text(&quote!(<Size>::Large)), "<Size>::Large");
    }
}
