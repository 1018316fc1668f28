//! serde's rename rules, reproduced exactly: the wire values a schema offers
//! must be the ones serde parses.

use std::fmt::{self, Debug, Display};

/// A `rename_all` rule; the names are serde's.
#[allow(clippy::enum_variant_names)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RenameRule {
    LowerCase,
    UpperCase,
    PascalCase,
    CamelCase,
    SnakeCase,
    ScreamingSnakeCase,
    KebabCase,
    ScreamingKebabCase,
}

use RenameRule::*;

static RULES: &[(&str, RenameRule)] = &[
    ("lowercase", LowerCase),
    ("UPPERCASE", UpperCase),
    ("PascalCase", PascalCase),
    ("camelCase", CamelCase),
    ("snake_case", SnakeCase),
    ("SCREAMING_SNAKE_CASE", ScreamingSnakeCase),
    ("kebab-case", KebabCase),
    ("SCREAMING-KEBAB-CASE", ScreamingKebabCase),
];

impl RenameRule {
    pub fn from_str(rule: &str) -> Result<Self, UnknownRule<'_>> {
        RULES
            .iter()
            .find(|(name, _)| *name == rule)
            .map(|(_, rule)| *rule)
            .ok_or(UnknownRule(rule))
    }

    /// The wire value of a variant named `variant` (already without `r#`).
    /// Only ASCII letters change case, as in serde; word breaks are at
    /// uppercase letters, Unicode ones included, as in serde.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            PascalCase => variant.to_owned(),
            LowerCase => variant.to_ascii_lowercase(),
            UpperCase => variant.to_ascii_uppercase(),
            CamelCase => {
                // serde slices the first byte; a non-ASCII first letter has
                // no ASCII lowercase, so the name stays as it is.
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            SnakeCase => {
                let mut snake = String::with_capacity(variant.len() + 4);
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            ScreamingSnakeCase => SnakeCase.apply_to_variant(variant).to_ascii_uppercase(),
            KebabCase => SnakeCase.apply_to_variant(variant).replace('_', "-"),
            ScreamingKebabCase => ScreamingSnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }

    /// The wire name of a struct field named `field` (already without `r#`),
    /// as serde computes it.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            LowerCase | SnakeCase => field.to_owned(),
            UpperCase | ScreamingSnakeCase => field.to_ascii_uppercase(),
            PascalCase => {
                let mut pascal = String::with_capacity(field.len());
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            CamelCase => {
                let pascal = PascalCase.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            KebabCase => field.replace('_', "-"),
            ScreamingKebabCase => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

/// The error for a rule that is not one of serde's.
pub struct UnknownRule<'a>(&'a str);

impl Display for UnknownRule<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "unknown rename rule `rename_all = {:?}`, expected one of ",
            self.0
        )?;
        for (i, (name, _)) in RULES.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            Debug::fmt(name, f)?;
        }
        Ok(())
    }
}

/// What each rule makes of `original`, in `RULES` order.
#[cfg(test)]
fn check_rules(apply: fn(RenameRule, &str) -> String, original: &str, renamed: [&str; 8]) {
    for (&(name, rule), expected) in RULES.iter().zip(renamed) {
        assert_eq!(apply(rule, original), expected, "{name} of {original}");
    }
}

#[test]
fn rename_variants() {
    for &(original, lower, upper, camel, snake, screaming, kebab, screaming_kebab) in &[
        (
            "Outcome", "outcome", "OUTCOME", "outcome", "outcome", "OUTCOME", "outcome", "OUTCOME",
        ),
        (
            "VeryTasty",
            "verytasty",
            "VERYTASTY",
            "veryTasty",
            "very_tasty",
            "VERY_TASTY",
            "very-tasty",
            "VERY-TASTY",
        ),
        ("A", "a", "A", "a", "a", "A", "a", "A"),
        ("Z42", "z42", "Z42", "z42", "z42", "Z42", "z42", "Z42"),
        (
            "HTTPServer",
            "httpserver",
            "HTTPSERVER",
            "hTTPServer",
            "h_t_t_p_server",
            "H_T_T_P_SERVER",
            "h-t-t-p-server",
            "H-T-T-P-SERVER",
        ),
        (
            "Ärger", "Ärger", "ÄRGER", "Ärger", "Ärger", "ÄRGER", "Ärger", "ÄRGER",
        ),
        (
            "GroßÄrger",
            "großÄrger",
            "GROßÄRGER",
            "großÄrger",
            "groß_Ärger",
            "GROß_ÄRGER",
            "groß-Ärger",
            "GROß-ÄRGER",
        ),
        (
            "snake_case",
            "snake_case",
            "SNAKE_CASE",
            "snake_case",
            "snake_case",
            "SNAKE_CASE",
            "snake-case",
            "SNAKE-CASE",
        ),
    ] {
        check_rules(
            RenameRule::apply_to_variant,
            original,
            [
                lower,
                upper,
                original,
                camel,
                snake,
                screaming,
                kebab,
                screaming_kebab,
            ],
        );
    }
}

#[test]
fn unknown_rule_lists_every_rule() {
    let message = RenameRule::from_str("Title Case")
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        message.as_deref(),
        Some(
            r#"unknown rename rule `rename_all = "Title Case"`, expected one of "lowercase", "UPPERCASE", "PascalCase", "camelCase", "snake_case", "SCREAMING_SNAKE_CASE", "kebab-case", "SCREAMING-KEBAB-CASE""#
        ),
    );
}

#[test]
fn rename_fields() {
    for &(original, upper, pascal, camel, screaming, kebab, screaming_kebab) in &[
        (
            "outcome", "OUTCOME", "Outcome", "outcome", "OUTCOME", "outcome", "OUTCOME",
        ),
        (
            "very_tasty",
            "VERY_TASTY",
            "VeryTasty",
            "veryTasty",
            "VERY_TASTY",
            "very-tasty",
            "VERY-TASTY",
        ),
        ("a", "A", "A", "a", "A", "a", "A"),
        ("z42", "Z42", "Z42", "z42", "Z42", "z42", "Z42"),
        (
            "größe_x",
            "GRößE_X",
            "GrößeX",
            "größeX",
            "GRößE_X",
            "größe-x",
            "GRößE-X",
        ),
    ] {
        check_rules(
            RenameRule::apply_to_field,
            original,
            [
                original,
                upper,
                pascal,
                camel,
                original,
                screaming,
                kebab,
                screaming_kebab,
            ],
        );
    }
}
