//! TEMPORARY interface of helper h6d's stack module, replaced at merge.
#![allow(missing_docs, dead_code)]
use std::path::{Path, PathBuf};

pub mod plan;

pub const STACK_API_VERSION: &str = "kubectl-pkg.dev/v1alpha1";
pub const STACK_KIND: &str = "Stack";

#[derive(Debug, Clone)]
pub struct Stack {
    pub name: String,
    pub file: PathBuf,
    pub environment: Option<String>,
    pub releases: Vec<StackRelease>,
}

#[derive(Debug, Clone)]
pub struct StackRelease {
    pub name: String,
    pub namespace: String,
    pub package: String,
    pub version: Option<String>,
    pub values: serde_json::Map<String, serde_json::Value>,
    pub values_files: Vec<PathBuf>,
    pub set: Vec<String>,
    pub needs: Vec<String>,
    pub context: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum StackError {
    #[error("{0}")]
    Invalid(String),
}

pub fn load(path: &Path, environment: Option<&str>) -> Result<Stack, StackError> {
    let _ = (path, environment);
    unimplemented!()
}

impl Stack {
    pub fn levels(&self) -> Vec<Vec<&StackRelease>> {
        unimplemented!()
    }
    pub fn release(&self, name: &str) -> Option<&StackRelease> {
        self.releases.iter().find(|r| r.name == name)
    }
    pub fn closure(&self, only: &[String]) -> Result<Vec<&StackRelease>, StackError> {
        let _ = only;
        unimplemented!()
    }
}
