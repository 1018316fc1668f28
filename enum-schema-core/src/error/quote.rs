//! How an error quotes what it names: a peer's names and strings escaped
//! and cut short, JSON values as JSON, the allowed values listed, the
//! hint for a title sent instead of a value. Nothing here allocates.

use std::fmt::{self, Display, Write as _};

use serde_json::Value;

use crate::schema::option::EnumOption;

/// How many allowed values a message lists before it says how many more.
const LISTED: usize = 12;
/// How many characters of a received JSON value a message quotes.
const QUOTED: usize = 80;

/// `field `name`: ` when the error names a field.
pub(super) struct Prefix<'a>(pub(super) Option<&'a str>);

impl Display for Prefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            Some(field) => write!(f, "field `{}`: ", Name(field)),
            None => Ok(()),
        }
    }
}

/// A name that may come from a peer: control characters and bidirectional
/// formatting characters escaped (no line breaks, terminal escapes or text
/// that reads backwards in a log line), cut short.
pub(crate) struct Name<'a>(pub(crate) &'a str);

impl Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (name, cut) = match self.0.char_indices().nth(QUOTED) {
            Some((end, _)) => (&self.0[..end], "…"),
            None => (self.0, ""),
        };
        if name.chars().any(|c| c.is_control() || is_bidi_control(c)) {
            write!(f, "{}{cut}", name.escape_debug())
        } else {
            write!(f, "{name}{cut}")
        }
    }
}

/// The characters that reorder the text around them (Unicode's Bidi_Control
/// property), which `escape_debug` escapes.
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

pub(super) struct Allowed<'a>(pub(super) &'a [EnumOption]);

impl Display for Allowed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("expected one of ")?;
        for (i, option) in self.0.iter().take(LISTED).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", QuotedStr(option.value()))?;
        }
        if self.0.len() > LISTED {
            write!(f, " and {} more", self.0.len() - LISTED)?;
        }
        Ok(())
    }
}

/// A received JSON value, compact and cut short.
pub(crate) struct Quoted<'a>(pub(crate) &'a Value);

/// `1 character`, `2 characters`.
pub(super) struct Characters(pub(super) usize);

impl Display for Characters {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            1 => f.write_str("1 character"),
            n => write!(f, "{n} characters"),
        }
    }
}

/// A received string, quoted and cut short, with what Rust's `Debug`
/// escapes escaped (a quote, a backslash, control characters, and the
/// characters a reader could not see: a zero-width space, a bidi override,
/// a combining mark at the start), but in JSON's syntax: `\u200b` and
/// `\u0000`, a pair of `\uXXXX` beyond U+FFFF, never Rust's `\u{200b}`
/// or `\0`.
pub(crate) struct QuotedStr<'a>(pub(crate) &'a str);

impl Display for QuotedStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (text, cut) = cut_at(self.0, QUOTED);
        f.write_char('"')?;
        write_escaped(f, text, true)?;
        f.write_char('"')?;
        f.write_str(cut)
    }
}

/// A name a client may have written (an argument's key, a path inside
/// it), in backticks where it is plain (at most 64 characters, none of
/// them a backtick or a character [`QuotedStr`] escapes), else quoted and
/// cut as [`QuotedStr`] quotes: `` `amount` ``, `"a`b"`, `"late\u200b"`.
#[cfg(feature = "ask")]
pub(crate) struct Named<'a>(pub(crate) &'a str);

#[cfg(feature = "ask")]
impl Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let plain = self.0.chars().count() <= 64
            && !self.0.is_empty()
            && self.0.escape_debug().eq(self.0.chars())
            && !self.0.contains('`');
        if plain {
            write!(f, "`{}`", self.0)
        } else {
            QuotedStr(self.0).fmt(f)
        }
    }
}

/// Text that is not all ours (a message that may quote what a client
/// sent), written as it is but cut at `limit` characters, and with what
/// [`QuotedStr`] escapes escaped, but a quote: no control or invisible
/// character reaches a reader, and no text of any length.
#[cfg(feature = "ask")]
pub(crate) struct Unquoted<'a>(pub(crate) &'a str, pub(crate) usize);

#[cfg(feature = "ask")]
impl Display for Unquoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (text, cut) = cut_at(self.0, self.1);
        write_escaped(f, text, false)?;
        f.write_str(cut)
    }
}

/// `text` up to `limit` characters, and `…` where it was cut.
fn cut_at(text: &str, limit: usize) -> (&str, &'static str) {
    match text.char_indices().nth(limit) {
        Some((end, _)) => (&text[..end], "…"),
        None => (text, ""),
    }
}

/// Writes `text` as `Debug` escapes it, in JSON's syntax (a quote escaped
/// only if `quote`).
fn write_escaped(f: &mut fmt::Formatter, text: &str, quote: bool) -> fmt::Result {
    // `str::escape_debug` escapes as `Debug` does (a combining mark only
    // at the start), one `char` at a time: nothing is allocated.
    let mut chars = text.escape_debug();
    while let Some(c) = chars.next() {
        if c != '\\' {
            f.write_char(c)?;
            continue;
        }
        match chars.next() {
            Some('0') => f.write_str("\\u0000")?,
            Some('\'') => f.write_char('\'')?,
            Some('"') if !quote => f.write_char('"')?,
            Some('u') => {
                // `{hex}`, as `escape_debug` writes it.
                let mut code = 0;
                for digit in chars.by_ref().skip(1).take_while(|&c| c != '}') {
                    code = code * 16 + digit.to_digit(16).unwrap_or(0);
                }
                let mut units = [0; 2];
                let escaped = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
                for unit in escaped.encode_utf16(&mut units) {
                    write!(f, "\\u{unit:04x}")?;
                }
            }
            Some(other) => {
                f.write_char('\\')?;
                f.write_char(other)?;
            }
            None => f.write_char('\\')?,
        }
    }
    Ok(())
}

/// A number as the client wrote it, cut short (a number in JSON text may
/// be a million digits).
pub(super) struct QuotedNumber<'a>(pub(super) &'a str);

impl Display for QuotedNumber<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0.char_indices().nth(QUOTED) {
            Some((end, _)) => write!(f, "{}…", &self.0[..end]),
            None => f.write_str(self.0),
        }
    }
}

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // Serialize no more than is shown: a huge value costs no more than a
        // small one.
        struct Limited(Vec<u8>);
        impl std::io::Write for Limited {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                let room = (QUOTED * 4 + 4).saturating_sub(self.0.len());
                if room == 0 {
                    return Err(std::io::Error::other("enough"));
                }
                let taken = bytes.len().min(room);
                self.0.extend_from_slice(&bytes[..taken]);
                Ok(taken)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut limited = Limited(Vec::new());
        let _ = serde_json::to_writer(&mut limited, self.0);
        let text = String::from_utf8_lossy(&limited.0);
        let (text, cut) = match text.char_indices().nth(QUOTED) {
            Some((end, _)) => (&text[..end], "…"),
            None => (&*text, ""),
        };
        // JSON leaves bidirectional controls as they are; a message must
        // not read backwards, so they are written as JSON escapes.
        for c in text.chars() {
            if is_bidi_control(c) {
                write!(f, "\\u{:04x}", u32::from(c))?;
            } else {
                write!(f, "{c}")?;
            }
        }
        f.write_str(cut)
    }
}

pub(super) fn title_hint(
    f: &mut fmt::Formatter,
    value: &str,
    allowed: &[EnumOption],
) -> fmt::Result {
    if let Some(option) = allowed.iter().find(|option| option.title() == Some(value)) {
        write!(
            f,
            "the client sent the title of option {} instead of its value; ",
            QuotedStr(option.value())
        )?;
    }
    Ok(())
}

/// `invalid value "x": ..`, the message of [`ErrorKind::InvalidValue`] and
/// of [`InvalidValue`].
pub(super) fn invalid_value(
    f: &mut fmt::Formatter,
    value: &str,
    allowed: &[EnumOption],
) -> fmt::Result {
    write!(f, "invalid value {}: ", QuotedStr(value))?;
    title_hint(f, value, allowed)?;
    Allowed(allowed).fmt(f)
}
