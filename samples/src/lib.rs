//! PLACEHOLDER so the workspace loads; replace freely.
