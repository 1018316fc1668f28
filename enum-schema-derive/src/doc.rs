//! Doc comments as descriptions, read as rustdoc reads them.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Attribute, Lit};

use crate::group::ungroup_expr;

/// A doc comment, as the description it gives.
#[derive(Clone)]
pub enum Doc {
    /// Lines joined with spaces, paragraphs with a blank line, each line
    /// trimmed.
    Text(String),
    /// Some `#[doc = ...]` is a macro (`include_str!`, `concat!`): a
    /// `concat!` of the pieces, joined by the same rule, each macro's text
    /// as one line; the generated code trims it with `__private::doc_text`.
    Tokens(TokenStream),
}

/// The doc comment of an item, or `None` if it has none or only blank
/// lines.
pub fn doc_comment(attrs: &[Attribute]) -> Option<Doc> {
    let mut lines: Vec<Line> = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        // `#[doc = $text]` in a `macro_rules!` body is an invisible group.
        match ungroup_expr(&nv.value) {
            syn::Expr::Lit(syn::ExprLit {
                lit: Lit::Str(lit), ..
            }) => {
                let text = lit.value();
                lines.extend(
                    undecorated_lines(&text)
                        .into_iter()
                        .map(|line| Line::Text(line.to_owned())),
                );
            }
            other => lines.push(Line::Macro(other.to_token_stream())),
        }
    }
    if lines.iter().any(|line| matches!(line, Line::Macro(_))) {
        // The same rule, with each macro's text as one line: its own
        // lines and padding are known only when the user's crate compiles,
        // where `__private::doc_text` trims the whole.
        let mut pieces: Vec<TokenStream> = Vec::new();
        join_with(&lines, |piece| {
            pieces.push(match piece {
                Piece::Separator(separator) => separator.to_token_stream(),
                Piece::Text(text) => text.to_token_stream(),
                Piece::Macro(tokens) => tokens.clone(),
            });
        });
        return Some(Doc::Tokens(quote!(::core::concat!(#(#pieces),*))));
    }
    let doc = join_text(&lines);
    (!doc.is_empty()).then_some(Doc::Text(doc))
}

/// [`join_with`] on lines that are all text.
fn join_text(lines: &[Line]) -> String {
    let mut doc = String::new();
    join_with(lines, |piece| match piece {
        Piece::Separator(separator) => doc.push_str(separator),
        Piece::Text(text) => doc.push_str(text),
        Piece::Macro(_) => unreachable!("no macro lines here"),
    });
    doc
}

/// One line of a doc comment: text, or a `#[doc = macro!(..)]` whose text
/// rustc knows only later.
enum Line {
    Text(String),
    Macro(TokenStream),
}

/// What [`join_with`] hands on, in order.
enum Piece<'a> {
    Separator(&'static str),
    Text(&'a str),
    Macro(&'a TokenStream),
}

/// The lines of one `#[doc]` string. A block comment (`/** .. */`) reaches
/// a derive as written, since Rust 1.47 (rust-lang/rust#83982), so its
/// decoration is stripped here as rustdoc strips it: a first and a last line
/// that are blank or only stars go, and a `*` column shared by every
/// non-blank line goes with what precedes it. A `///` line is one line and
/// keeps its text.
fn undecorated_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.len() < 2 {
        return lines;
    }
    let decoration = |line: &str| line.trim().chars().all(|c| c == '*');
    if lines.first().is_some_and(|line| decoration(line)) {
        lines.remove(0);
    }
    if lines.last().is_some_and(|line| decoration(line)) {
        lines.pop();
    }
    if let Some(column) = star_column(&lines) {
        for line in &mut lines {
            if !line.trim().is_empty() {
                *line = &line[column + 1..];
            }
        }
    }
    lines
}

/// The byte column of the `*` that starts every non-blank line after
/// whitespace, if they all have one there.
fn star_column(lines: &[&str]) -> Option<usize> {
    let mut column = None;
    for line in lines.iter().filter(|line| !line.trim().is_empty()) {
        let star = line.len() - line.trim_start().len();
        if !line[star..].starts_with('*') || column.is_some_and(|column| column != star) {
            return None;
        }
        column = Some(star);
    }
    column
}

/// The documented rule: each line trimmed, lines joined with spaces,
/// paragraphs (separated by blank lines) with a blank line. A macro's line
/// counts as a line with text.
fn join_with<'a>(lines: &'a [Line], mut emit: impl FnMut(Piece<'a>)) {
    let mut started = false;
    let mut blank = false;
    for line in lines {
        let piece = match line {
            Line::Text(text) => match text.trim() {
                "" => {
                    blank = true;
                    continue;
                }
                text => Piece::Text(text),
            },
            Line::Macro(tokens) => Piece::Macro(tokens),
        };
        if started {
            emit(Piece::Separator(if blank { "\n\n" } else { " " }));
        }
        emit(piece);
        started = true;
        blank = false;
    }
}

#[cfg(test)]
fn join<S: AsRef<str>>(lines: &[S]) -> String {
    let lines: Vec<Line> = lines
        .iter()
        .map(|line| Line::Text(line.as_ref().to_owned()))
        .collect();
    join_text(&lines)
}

#[cfg(test)]
mod tests {
    use super::{join, undecorated_lines};

    fn description(text: &str) -> String {
        join(&undecorated_lines(text))
    }

    #[test]
    fn line_comments_keep_their_text() {
        assert_eq!(description(" * a bullet"), "* a bullet");
        assert_eq!(description(" Plain."), "Plain.");
    }

    #[test]
    fn block_comments_lose_their_decoration() {
        // C25: `/**\n * How bad is it?\n * Pick the closest match.\n */`
        assert_eq!(
            description("\n * How bad is it?\n * Pick the closest match.\n "),
            "How bad is it? Pick the closest match."
        );
        assert_eq!(
            description(
                "\n     * The incident's severity.\n     *\n     * Second paragraph.\n     "
            ),
            "The incident's severity.\n\nSecond paragraph."
        );
        assert_eq!(
            description(" One line, block style. "),
            "One line, block style."
        );
        // `/**\n** Starred.\n**/`: the first and last lines are decoration.
        assert_eq!(
            description("*\n * Starred.\n *\n * Twice.\n*"),
            "Starred.\n\nTwice."
        );
    }

    #[test]
    fn blank_lines_inside_a_block_are_paragraph_breaks() {
        assert_eq!(description("\n * One.\n\n * Two.\n "), "One.\n\nTwo.");
    }

    #[test]
    fn a_block_without_a_shared_star_column_keeps_its_stars() {
        assert_eq!(
            description("\n   Text.\n   * a bullet\n "),
            "Text. * a bullet"
        );
        assert_eq!(description("\n * One.\n  * Two.\n "), "* One. * Two.");
    }
}
