//! One file per subcommand: parse flags into library options, call the
//! library once, hand the result to a view.

pub mod completion;
pub mod install;
pub mod push;
pub mod repo;
pub mod show;
pub mod template;
pub mod version;
