//! End-to-end tests against the real API server and registries of
//! `tests/env/cluster`, driving the real binary. One target, grouped by area.

mod airgap;
mod api_errors;
mod carvel;
mod chart_corpus;
mod charts;
mod closed_stdout;
mod completion;
mod distribution;
mod docs;
mod environment;
mod examples;
mod faults;
mod git_sources;
mod helm_parity;
mod hints;
mod hostile;
mod http_archives;
mod large;
mod lifecycle;
mod olm;
mod packages;
mod pinniped;
mod prompt;
mod real_charts;
mod recovery;
mod release_tests;
mod requirements;
mod review;
mod saved_plans;
mod server_side_apply;
mod signatures;
mod sigstore;
mod smoke;
mod stacks;
mod tables;
