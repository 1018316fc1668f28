//! Protocol revisions: which schemas a peer understands.

use std::fmt;
use std::str::FromStr;

use crate::schema::{ElicitRequestFormParams, PrimitiveSchema, RequestedSchema};

/// An MCP protocol revision, as negotiated in `initialize`.
///
/// What changes for elicitation:
/// - before 2025-06-18: no elicitation;
/// - 2025-06-18: one enum shape, `{"type":"string","enum":[..],"enumNames":[..]}`,
///   no `default` except on booleans, no array properties;
/// - 2025-11-25: the five enum shapes of SEP-1330, `default` everywhere
///   (SEP-1034), string arrays in answers;
/// - 2026-07-28: the same shapes; the request travels inside an
///   `input_required` result (`InputRequiredResult`, feature `ask`).
///
/// Two readings of a revision string: [`FromStr`] is exact (one of the
/// revisions in [`ALL`](Self::ALL), nothing else), and
/// [`for_peer`](Self::for_peer) is what a server speaks to a peer that
/// announced a revision, known or not.
///
/// ```
/// use enum_schema::ProtocolVersion;
///
/// assert_eq!("2025-06-18".parse(), Ok(ProtocolVersion::V2025_06_18));
/// assert!("2031-01-01".parse::<ProtocolVersion>().is_err());
/// // A peer of a revision newer than this crate knows is spoken to as the
/// // newest it knows.
/// assert_eq!(ProtocolVersion::for_peer("2031-01-01"), Ok(ProtocolVersion::LATEST));
/// assert_eq!(ProtocolVersion::for_peer("draft"), Ok(ProtocolVersion::LATEST));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// `2024-11-05`
    V2024_11_05,
    /// `2025-03-26`
    V2025_03_26,
    /// `2025-06-18`
    V2025_06_18,
    /// `2025-11-25`
    V2025_11_25,
    /// `2026-07-28`
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every revision this crate knows, oldest first.
    pub const ALL: &'static [ProtocolVersion] = &[
        ProtocolVersion::V2024_11_05,
        ProtocolVersion::V2025_03_26,
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ];

    /// The newest revision this crate knows.
    pub const LATEST: ProtocolVersion = ProtocolVersion::V2026_07_28;

    /// The revision string.
    pub const fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2024_11_05 => "2024-11-05",
            ProtocolVersion::V2025_03_26 => "2025-03-26",
            ProtocolVersion::V2025_06_18 => "2025-06-18",
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
        }
    }

    /// Whether a peer of this revision can be sent an elicitation.
    pub fn supports_elicitation(self) -> bool {
        self >= ProtocolVersion::V2025_06_18
    }

    /// Whether a peer of this revision knows the SEP-1330 shapes
    /// (`oneOf`/`anyOf`, multi-select, enum defaults).
    pub fn supports_sep1330(self) -> bool {
        self >= ProtocolVersion::V2025_11_25
    }

    /// Whether elicitation travels inside an `input_required` result.
    pub fn uses_input_required(self) -> bool {
        self >= ProtocolVersion::V2026_07_28
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProtocolVersion {
    type Err = VersionError;

    /// Parses a revision string exactly: one of the revisions this crate
    /// knows ([`ProtocolVersion::ALL`]), as [`as_str`](ProtocolVersion::as_str)
    /// writes it.
    ///
    /// # Errors
    ///
    /// [`VersionError::Unknown`] for any other string, a revision newer
    /// than this crate knows or `"draft"` included: read a peer's announced
    /// revision with [`ProtocolVersion::for_peer`] instead.
    fn from_str(version: &str) -> Result<Self, VersionError> {
        ProtocolVersion::ALL
            .iter()
            .find(|known| known.as_str() == version)
            .copied()
            .ok_or_else(|| VersionError::Unknown {
                version: version.to_owned(),
            })
    }
}

impl ProtocolVersion {
    /// The revision to speak with a peer that announced `version` (in
    /// `initialize`, or a request's `_meta` on 2026-07-28): that revision
    /// when this crate knows it; the newest known for `"draft"` and for a
    /// date after the newest known revision; for a date between two known
    /// revisions, the older of the two (the newest the peer can have
    /// implemented). The SDK integrations read every peer's revision this
    /// way.
    ///
    /// # Errors
    ///
    /// [`VersionError::Unrecognized`] for anything that is not
    /// `YYYY-MM-DD` or `draft`, or a date before 2024-11-05.
    pub fn for_peer(version: &str) -> Result<Self, VersionError> {
        if version == "draft" {
            return Ok(ProtocolVersion::LATEST);
        }
        if !crate::schema::format::date::is_date(version) {
            return Err(VersionError::Unrecognized {
                version: version.to_owned(),
            });
        }
        // ISO dates order as strings.
        ProtocolVersion::ALL
            .iter()
            .rev()
            .find(|known| known.as_str() <= version)
            .copied()
            .ok_or_else(|| VersionError::Unrecognized {
                version: version.to_owned(),
            })
    }
}

/// Why a schema cannot go to a peer of a given revision.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VersionError {
    /// A revision string that is not `YYYY-MM-DD` or `draft`, or older than
    /// any revision ([`ProtocolVersion::for_peer`]).
    Unrecognized {
        /// What was given.
        version: String,
    },
    /// The revision has no elicitation (before 2025-06-18).
    NoElicitation {
        /// The revision.
        version: ProtocolVersion,
    },
    /// The revision has no array properties (2025-06-18), so no
    /// multi-select.
    NoMultiSelect {
        /// The revision.
        version: ProtocolVersion,
        /// The property, when known.
        property: Option<String>,
    },
    /// A string that is none of the revisions this crate knows
    /// ([`ProtocolVersion`]'s exact `FromStr`).
    Unknown {
        /// What was given.
        version: String,
    },
}

impl std::error::Error for VersionError {}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            VersionError::Unrecognized { version } => {
                write!(f, "unrecognized protocol version {version:?}; expected a date like \"2025-11-25\" or \"draft\"")
            }
            VersionError::Unknown { version } => {
                write!(f, "unknown protocol version {version:?}; expected one of ")?;
                for (i, known) in ProtocolVersion::ALL.iter().enumerate() {
                    let separator = if i == 0 { "" } else { ", " };
                    write!(f, "{separator}\"{known}\"")?;
                }
                Ok(())
            }
            VersionError::NoElicitation { version } => {
                write!(
                    f,
                    "protocol version {version} has no elicitation; it arrived in 2025-06-18"
                )
            }
            VersionError::NoMultiSelect { version, property } => {
                if let Some(property) = property {
                    write!(f, "property {property:?}: ")?;
                }
                write!(
                    f,
                    "protocol version {version} has no multi-select (array) properties; they arrived in 2025-11-25 \
                     (SEP-1330): ask with a single-select, or one boolean per option"
                )
            }
        }
    }
}

impl PrimitiveSchema {
    /// This property as a peer of `version` must receive it: for
    /// 2025-06-18, a titled single-select goes out in the legacy
    /// `enum` + `enumNames` form and every `default` but a boolean's is left
    /// out; from 2025-11-25 on, the schema is unchanged.
    ///
    /// # Errors
    ///
    /// [`VersionError::NoElicitation`] before 2025-06-18;
    /// [`VersionError::NoMultiSelect`] for a multi-select and 2025-06-18.
    pub fn for_version(&self, version: ProtocolVersion) -> Result<PrimitiveSchema, VersionError> {
        if !version.supports_elicitation() {
            return Err(VersionError::NoElicitation { version });
        }
        if version.supports_sep1330() {
            return Ok(self.clone());
        }
        Ok(match self {
            PrimitiveSchema::SingleSelect(schema) => {
                let mut schema = schema.clone();
                schema.legacy = schema.is_titled();
                schema.default = None;
                PrimitiveSchema::SingleSelect(schema)
            }
            PrimitiveSchema::MultiSelect(_) => {
                return Err(VersionError::NoMultiSelect {
                    version,
                    property: None,
                })
            }
            PrimitiveSchema::String(schema) => {
                let mut schema = schema.clone();
                schema.default = None;
                PrimitiveSchema::String(schema)
            }
            PrimitiveSchema::Number(schema) => {
                let mut schema = schema.clone();
                schema.default = None;
                PrimitiveSchema::Number(schema)
            }
            PrimitiveSchema::Boolean(schema) => PrimitiveSchema::Boolean(schema.clone()),
        })
    }
}

impl RequestedSchema {
    /// Every property [`for_version`](PrimitiveSchema::for_version).
    ///
    /// # Errors
    ///
    /// As [`PrimitiveSchema::for_version`], naming the property.
    pub fn for_version(&self, version: ProtocolVersion) -> Result<RequestedSchema, VersionError> {
        let mut schema = RequestedSchema {
            properties: Vec::with_capacity(self.properties.len()),
            required: self.required.clone(),
        };
        for (name, property) in &self.properties {
            let property = property.for_version(version).map_err(|error| match error {
                VersionError::NoMultiSelect { version, .. } => VersionError::NoMultiSelect {
                    version,
                    property: Some(name.to_string()),
                },
                other => other,
            })?;
            schema.properties.push((name.clone(), property));
        }
        Ok(schema)
    }
}

impl ElicitRequestFormParams {
    /// The params with the `requestedSchema` [`for_version`](RequestedSchema::for_version).
    ///
    /// # Errors
    ///
    /// As [`RequestedSchema::for_version`].
    pub fn for_version(
        &self,
        version: ProtocolVersion,
    ) -> Result<ElicitRequestFormParams, VersionError> {
        Ok(ElicitRequestFormParams {
            message: self.message.clone(),
            requested_schema: self.requested_schema.for_version(version)?,
        })
    }
}
