//! Helm charts: loading, values, dependencies, schemas, hooks and chart sources.

pub mod chart;
pub mod dependencies;
pub mod ignore;
pub mod render;
pub mod schema;
pub mod semver;
pub mod strvals;
pub mod values;
