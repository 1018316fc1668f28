//! The pmcp integration.
