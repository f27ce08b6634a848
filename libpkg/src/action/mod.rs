//! Orchestration: one function per operation, gathering inputs and calling the
//! pure planner. (Offline planning only, for now.)

mod offline;

pub use offline::{PlanError, Source, plan_offline};
