//! The Go values with methods that Helm hands templates, as
//! [`GoObject`]s for the template engine: `.Files` (`Get`, `GetBytes`,
//! `Glob`, `Lines`, `AsConfig`, `AsSecrets`, over [`ChartFiles`]),
//! `.Capabilities.APIVersions` (`Has`) and `.Capabilities.KubeVersion`
//! (prints as its version; fields `Version`, `Major`, `Minor`, `GitVersion`).
//!
//! `GetBytes` returns the content as text (invalid UTF-8 replaced): the
//! engine has no byte slices, and templates pass it on to string functions.

use std::rc::Rc;

use serde_json::Value;

use super::files::ChartFiles;
use super::render::Capabilities;
use crate::gotemplate::{Data, DefaultHost, GoObject, Options, Templates};

/// `.Files`.
#[derive(Debug)]
pub struct FilesObject(pub ChartFiles);

impl FilesObject {
    fn json_map(&self) -> Value {
        Value::Object(
            self.0
                .files()
                .iter()
                .map(|(path, data)| (path.clone(), String::from_utf8_lossy(data).into()))
                .collect(),
        )
    }
}

/// Helm's `toYAML` (the engine's `toYaml`) of a map of strings.
fn to_yaml(map: &std::collections::BTreeMap<String, String>) -> Result<String, String> {
    let mut set = Templates::new();
    set.add("toYaml", "{{ toYaml . }}")
        .map_err(|e| e.to_string())?;
    let data = Value::Object(
        map.iter()
            .map(|(k, v)| (k.clone(), Value::from(v.clone())))
            .collect(),
    );
    set.render(
        "toYaml",
        &data,
        &Options::default(),
        &mut DefaultHost::default(),
    )
    .map_err(|e| e.to_string())
}

impl GoObject for FilesObject {
    fn type_name(&self) -> &str {
        "engine.files"
    }

    fn has_method(&self, name: &str) -> bool {
        matches!(
            name,
            "Get" | "GetBytes" | "Glob" | "Lines" | "AsConfig" | "AsSecrets"
        )
    }

    fn call(&self, name: &str, args: &[Data]) -> Option<Result<Data, String>> {
        let path = || match args {
            [Data::Json(Value::String(path))] => Ok(path.as_str()),
            [_] => Err(format!("{name} takes a string")),
            _ => Err(format!(
                "wrong number of args for {name}: want 1 got {}",
                args.len()
            )),
        };
        let none = || {
            if args.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "wrong number of args for {name}: want 0 got {}",
                    args.len()
                ))
            }
        };
        Some(match name {
            "Get" | "GetBytes" => path().map(|p| Data::Json(self.0.get(p).into())),
            "Glob" => path().map(|p| Data::Object(Rc::new(FilesObject(self.0.glob(p))))),
            "Lines" => path().map(|p| Data::Json(self.0.lines(p).into())),
            "AsConfig" => none()
                .and_then(|()| to_yaml(&self.0.as_config()))
                .map(|y| Data::Json(y.into())),
            "AsSecrets" => none()
                .and_then(|()| to_yaml(&self.0.as_secrets()))
                .map(|y| Data::Json(y.into())),
            _ => return None,
        })
    }

    fn display(&self) -> String {
        let entries: Vec<String> = self
            .0
            .files()
            .iter()
            .map(|(path, data)| format!("{path}:{data:?}"))
            .collect();
        format!("map[{}]", entries.join(" "))
    }

    fn json(&self) -> Value {
        self.json_map()
    }
}

/// `.Capabilities.APIVersions`.
#[derive(Debug)]
pub struct ApiVersionsObject(pub Vec<String>);

impl GoObject for ApiVersionsObject {
    fn type_name(&self) -> &str {
        "chartutil.VersionSet"
    }

    fn has_method(&self, name: &str) -> bool {
        name == "Has"
    }

    fn call(&self, name: &str, args: &[Data]) -> Option<Result<Data, String>> {
        if name != "Has" {
            return None;
        }
        Some(match args {
            [Data::Json(Value::String(version))] => {
                Ok(Data::Json(self.0.iter().any(|v| v == version).into()))
            }
            [_] => Err("Has takes a string".to_string()),
            _ => Err(format!(
                "wrong number of args for Has: want 1 got {}",
                args.len()
            )),
        })
    }

    fn display(&self) -> String {
        format!("[{}]", self.0.join(" "))
    }

    fn json(&self) -> Value {
        self.0.clone().into()
    }
}

/// `.Capabilities.KubeVersion`.
#[derive(Debug)]
pub struct KubeVersionObject {
    version: String,
    major: String,
    minor: String,
}

impl GoObject for KubeVersionObject {
    fn type_name(&self) -> &str {
        "*chartutil.KubeVersion"
    }

    fn field(&self, name: &str) -> Option<Data> {
        let value = match name {
            "Version" | "GitVersion" => &self.version,
            "Major" => &self.major,
            "Minor" => &self.minor,
            _ => return None,
        };
        Some(Data::Json(value.clone().into()))
    }

    fn display(&self) -> String {
        self.version.clone()
    }

    fn json(&self) -> Value {
        serde_json::json!({"Version": self.version, "Major": self.major, "Minor": self.minor})
    }
}

/// The objects of one chart's templates, placed at their paths in the data.
pub fn chart_objects(
    files: &ChartFiles,
    capabilities: &Capabilities,
) -> Vec<(&'static str, Rc<dyn GoObject>)> {
    vec![
        ("Files", Rc::new(FilesObject(files.clone()))),
        (
            "Capabilities.APIVersions",
            Rc::new(ApiVersionsObject(capabilities.api_versions.clone())),
        ),
        (
            "Capabilities.KubeVersion",
            Rc::new(KubeVersionObject {
                version: capabilities.kube_version.version.clone(),
                major: capabilities.kube_version.major.clone(),
                minor: capabilities.kube_version.minor.clone(),
            }),
        ),
    ]
}
