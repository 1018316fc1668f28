//! The TOML of a `Cargo.toml`, read for what `manifest` asks of it: every
//! table and every leaf with its full dotted path, strings decoded.
//!
//! Why not a TOML crate: the derive, and all it depends on, is compiled
//! in the first build of every crate that uses it. `proc-macro-crate`
//! brought `toml_edit`, `indexmap` and more (the build without them took
//! 0.91x the time, BENCHMARKS.md), and `toml_parser` with `winnow` were
//! still two crates; this file needs the standard library alone.
//! It reads TOML 1.1 (what Cargo reads), and the tests hold it to the
//! `toml` crate, the toml-rs project's (`toml/oracle.rs`), on every
//! manifest in the local Cargo registry and on generated documents, and
//! so does the `manifest_toml` fuzz target (`tests/fuzz`) on any text.
//!
//! A manifest Cargo accepted is valid TOML, so nothing here is a validator:
//! what cannot be read gives `None`, and nothing panics or overflows the
//! stack, whatever the text (arrays and inline tables nested deeper than
//! [`MAX_DEPTH`] give `None`, as the `toml` crate refuses them past 80).

use std::collections::HashSet;

/// How deep arrays and inline tables may nest.
pub const MAX_DEPTH: usize = 128;

/// A leaf of the document.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Leaf {
    /// A string, its escapes decoded.
    Text(String),
    /// `true` or `false`.
    Bool(bool),
    /// An array of strings (`exclude = ["member"]`), decoded.
    Strings(Vec<String>),
    /// A number, a date or time, or an array of anything but strings
    /// (whose elements are not kept).
    Other,
}

/// What a document holds outside its arrays.
#[derive(Debug, Default, PartialEq)]
pub struct Document {
    /// The path of every table a header or an inline table opens, in the
    /// order they appear.
    pub tables: Vec<Vec<String>>,
    /// Every leaf with its path, in the order they appear. An array of
    /// tables (`[[bin]]`) is one `Leaf::Other` at its path; the tables in
    /// it are not read.
    pub values: Vec<(Vec<String>, Leaf)>,
}

impl Document {
    /// Reads `text`; `None` if it is not TOML.
    pub fn parse(text: &str) -> Option<Document> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut reader = Reader {
            text,
            at: 0,
            depth: 0,
        };
        let mut document = Document::default();
        // What an array of tables holds is read into this and dropped.
        let mut dropped = Document::default();
        // The paths of the arrays of tables: a header at or below one is
        // in it.
        let mut arrays: HashSet<Vec<String>> = HashSet::new();
        let mut table: Vec<String> = Vec::new();
        let mut in_array = false;
        loop {
            reader.blank_lines()?;
            match reader.peek() {
                None => return Some(document),
                Some(b'[') => {
                    reader.at += 1;
                    let array = reader.eat(b'[');
                    reader.spaces();
                    table = reader.key()?;
                    reader.spaces();
                    reader.expect(b']')?;
                    if array {
                        reader.expect(b']')?;
                    }
                    reader.line_end()?;
                    in_array = (1..=table.len()).any(|end| arrays.contains(&table[..end]));
                    if array && !in_array {
                        arrays.insert(table.clone());
                        document.values.push((table.clone(), Leaf::Other));
                        in_array = true;
                    } else if !in_array {
                        document.tables.push(table.clone());
                    }
                }
                Some(_) => {
                    let into = if in_array {
                        &mut dropped
                    } else {
                        &mut document
                    };
                    reader.key_value(table.clone(), into, false)?;
                    reader.line_end()?;
                }
            }
        }
    }
}

/// A position in the text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    /// How many arrays and inline tables are open.
    depth: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    fn eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        if next {
            self.at += 1;
        }
        next
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.eat(byte).then_some(())
    }

    /// Spaces and tabs.
    fn spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// A newline (`\n` or `\r\n`).
    fn newline(&mut self) -> bool {
        if self.rest().starts_with("\r\n") {
            self.at += 2;
            true
        } else {
            self.eat(b'\n')
        }
    }

    /// A comment, up to (not including) its newline.
    fn comment(&mut self) {
        if self.peek() == Some(b'#') {
            let rest = self.rest();
            self.at += rest.find('\n').unwrap_or(rest.len());
            if self.text.as_bytes().get(self.at.wrapping_sub(1)) == Some(&b'\r') {
                self.at -= 1;
            }
        }
    }

    /// Spaces, comments and newlines, as many as there are: between lines,
    /// and between the parts of an array or an inline table (TOML 1.1
    /// allows newlines in both).
    fn blank_lines(&mut self) -> Option<()> {
        loop {
            self.spaces();
            self.comment();
            if !self.newline() {
                return if self.peek() == Some(b'\r') {
                    None
                } else {
                    Some(())
                };
            }
        }
    }

    /// The end of a line: spaces, a comment, then a newline or the end.
    fn line_end(&mut self) -> Option<()> {
        self.spaces();
        self.comment();
        (self.newline() || self.peek().is_none()).then_some(())
    }

    /// A dotted key: `a`, `a.b`, `"a b" . 'c'`.
    fn key(&mut self) -> Option<Vec<String>> {
        let mut path = vec![self.simple_key()?];
        loop {
            let before = self.at;
            self.spaces();
            if !self.eat(b'.') {
                self.at = before;
                return Some(path);
            }
            self.spaces();
            path.push(self.simple_key()?);
        }
    }

    fn simple_key(&mut self) -> Option<String> {
        match self.peek()? {
            b'"' => {
                self.at += 1;
                self.basic()
            }
            b'\'' => {
                self.at += 1;
                self.literal()
            }
            _ => {
                let rest = self.rest();
                let length = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                    .unwrap_or(rest.len());
                (length > 0).then(|| {
                    self.at += length;
                    rest[..length].to_owned()
                })
            }
        }
    }

    /// `key = value`, under `table`; its leaves and tables go `into`.
    /// In an inline table, newlines and comments may sit on either side of
    /// the `=` (TOML 1.1 allows newlines in inline tables; Cargo and the
    /// `toml` crate read them there too).
    fn key_value(
        &mut self,
        mut table: Vec<String>,
        into: &mut Document,
        inline: bool,
    ) -> Option<()> {
        table.extend(self.key()?);
        let gap = |reader: &mut Self| {
            if inline {
                reader.blank_lines()
            } else {
                reader.spaces();
                Some(())
            }
        };
        gap(self)?;
        self.expect(b'=')?;
        gap(self)?;
        self.value(table, into)
    }

    fn value(&mut self, path: Vec<String>, into: &mut Document) -> Option<()> {
        let leaf = match self.peek()? {
            b'"' | b'\'' => Leaf::Text(self.string()?),
            b'[' => {
                self.open()?;
                let array = self.array()?;
                self.depth -= 1;
                array
            }
            b'{' => {
                self.open()?;
                into.tables.push(path.clone());
                self.inline_table(path, into)?;
                self.depth -= 1;
                return Some(());
            }
            _ => {
                // A number, a boolean or a date and time: what may be in
                // one, with a space only between a date and its time.
                let rest = self.rest();
                let part = |at: usize| {
                    rest[at..]
                        .find(|c: char| !(c.is_ascii_alphanumeric() || "+-_.:".contains(c)))
                        .map_or(rest.len(), |length| at + length)
                };
                let mut end = part(0);
                let bytes = rest.as_bytes();
                let is_date = end == 10 && bytes[4] == b'-' && bytes[7] == b'-';
                if is_date
                    && bytes.get(10) == Some(&b' ')
                    && bytes.get(11).is_some_and(u8::is_ascii_digit)
                {
                    end = part(11);
                }
                let scalar = &rest[..end];
                if scalar.is_empty() {
                    return None;
                }
                self.at += end;
                match scalar {
                    "true" => Leaf::Bool(true),
                    "false" => Leaf::Bool(false),
                    _ => Leaf::Other,
                }
            }
        };
        into.values.push((path, leaf));
        Some(())
    }

    /// Past the `[` or `{` that opens an array or an inline table, if it may
    /// nest this deep.
    fn open(&mut self) -> Option<()> {
        self.at += 1;
        self.depth += 1;
        (self.depth <= MAX_DEPTH).then_some(())
    }

    /// After `{`: the key/value pairs up to `}`.
    fn inline_table(&mut self, path: Vec<String>, into: &mut Document) -> Option<()> {
        loop {
            self.blank_lines()?;
            if self.eat(b'}') {
                return Some(());
            }
            self.key_value(path.clone(), into, true)?;
            self.blank_lines()?;
            if !self.eat(b',') {
                self.blank_lines()?;
                return self.expect(b'}');
            }
        }
    }

    /// After `[`: the elements up to the matching `]`, kept if they are
    /// all strings.
    fn array(&mut self) -> Option<Leaf> {
        let mut scratch = Document::default();
        let mut strings = Some(Vec::new());
        loop {
            self.blank_lines()?;
            if self.eat(b']') {
                break;
            }
            match self.peek()? {
                b'"' | b'\'' => {
                    let string = self.string()?;
                    if let Some(strings) = &mut strings {
                        strings.push(string);
                    }
                }
                _ => {
                    self.value(Vec::new(), &mut scratch)?;
                    strings = None;
                }
            }
            self.blank_lines()?;
            if !self.eat(b',') {
                self.blank_lines()?;
                self.expect(b']')?;
                break;
            }
        }
        Some(strings.map_or(Leaf::Other, Leaf::Strings))
    }

    /// A string of any of the four kinds, at its first quote.
    fn string(&mut self) -> Option<String> {
        let rest = self.rest();
        if let Some(quotes) = ["\"\"\"", "'''"].into_iter().find(|q| rest.starts_with(*q)) {
            self.at += 3;
            // A newline right after the opening quotes is not content.
            self.newline();
            return self.multi_line(quotes.as_bytes()[0]);
        }
        self.at += 1;
        if rest.starts_with('"') {
            self.basic()
        } else {
            self.literal()
        }
    }

    /// After `"`: a basic string, up to its closing quote.
    fn basic(&mut self) -> Option<String> {
        let mut out = String::new();
        loop {
            let rest = self.rest();
            let run = rest.find(['"', '\\', '\n']).unwrap_or(rest.len());
            out.push_str(&rest[..run]);
            self.at += run;
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                b'\\' => out.push(self.escape()?),
                _ => return None,
            }
        }
    }

    /// After `'`: a literal string, up to its closing quote.
    fn literal(&mut self) -> Option<String> {
        let rest = self.rest();
        let end = rest.find(['\'', '\n'])?;
        (rest.as_bytes()[end] == b'\'').then(|| {
            self.at += end + 1;
            rest[..end].to_owned()
        })
    }

    /// After `"""` or `'''` (and a newline right after it): the content up
    /// to the closing quotes, of which a run of four or five leaves one or
    /// two in the string.
    fn multi_line(&mut self, quote: u8) -> Option<String> {
        let basic = quote == b'"';
        let mut out = String::new();
        loop {
            let rest = self.rest();
            let stop: &[char] = if basic { &['"', '\\'] } else { &['\''] };
            let run = rest.find(stop)?;
            out.push_str(&rest[..run]);
            self.at += run;
            if self.peek()? == b'\\' {
                self.at += 1;
                let before = self.at;
                self.spaces();
                if self.newline() {
                    // A backslash at the end of a line: the whitespace and
                    // newlines after it are not content.
                    while self.newline() || matches!(self.peek(), Some(b' ' | b'\t')) {
                        self.spaces();
                    }
                } else {
                    self.at = before - 1;
                    out.push(self.escape()?);
                }
                continue;
            }
            let quotes = self.rest().bytes().take_while(|&b| b == quote).count();
            self.at += quotes;
            if quotes >= 3 {
                if quotes > 5 {
                    return None;
                }
                out.extend(std::iter::repeat_n(quote as char, quotes - 3));
                return Some(out);
            }
            out.extend(std::iter::repeat_n(quote as char, quotes));
        }
    }

    /// At `\`: one escape, decoded.
    fn escape(&mut self) -> Option<char> {
        self.at += 1;
        let code = self.peek()?;
        self.at += 1;
        let digits = match code {
            b'b' => return Some('\u{8}'),
            b't' => return Some('\t'),
            b'n' => return Some('\n'),
            b'f' => return Some('\u{c}'),
            b'r' => return Some('\r'),
            b'e' => return Some('\u{1b}'),
            b'"' => return Some('"'),
            b'\\' => return Some('\\'),
            b'x' => 2,
            b'u' => 4,
            b'U' => 8,
            _ => return None,
        };
        let hex = self.rest().get(..digits)?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        self.at += digits;
        char::from_u32(u32::from_str_radix(hex, 16).ok()?)
    }
}

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;
