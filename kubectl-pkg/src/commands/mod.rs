//! One file per subcommand: parse flags into library options, call the
//! library once, hand the result to a view.

pub mod adopt_helm;
pub mod apply;
pub mod approve;
pub mod bundle;
pub mod completion;
pub mod get;
pub mod history;
pub mod import;
pub mod install;
pub mod list;
pub mod proposals;
pub mod propose;
pub mod push;
pub mod repo;
pub mod rollback;
pub mod search;
pub mod show;
pub mod stack;
pub mod status;
pub mod template;
pub mod test;
pub mod uninstall;
pub mod upgrade;
pub mod verify;
pub mod version;
