//! The Go values with methods that Helm hands templates, as
//! [`GoObject`]s for the template engine: `.Files` (`Get`, `GetBytes`,
//! `Glob`, `Lines`, `AsConfig`, `AsSecrets`, over [`ChartFiles`]),
//! `.Capabilities.APIVersions` (`Has`) and `.Capabilities.KubeVersion`
//! (prints as its version; fields `Version`, `Major`, `Minor`, `GitVersion`).
//!
//! `.Files` (and what `Glob` returns) is a Go `map[string][]byte` to
//! templates, as Helm's `files` type is: an empty one is false, `range`
//! gives each path (sorted) and its bytes, `len` and `index` work, `toJson`
//! writes base64. `GetBytes` still returns the content as text (invalid
//! UTF-8 replaced), where Helm gives a `[]byte`.

use std::rc::Rc;

use serde_json::Value;

use super::files::ChartFiles;
use super::render::Capabilities;
use crate::gotemplate::{Data, DefaultHost, GoObject, Options, Templates};

/// `.Files`.
#[derive(Debug)]
pub struct FilesObject(pub ChartFiles);

impl FilesObject {
    /// encoding/json's view of a `map[string][]byte`: base64 values.
    fn json_map(&self) -> Value {
        use base64::Engine as _;
        Value::Object(
            self.0
                .files()
                .iter()
                .map(|(path, data)| {
                    let text = base64::engine::general_purpose::STANDARD.encode(data);
                    (path.clone(), text.into())
                })
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
        // Go prints a map[string][]byte as `map[a.txt:[104 105]]`.
        let entries: Vec<String> = self
            .0
            .files()
            .iter()
            .map(|(path, data)| {
                let bytes: Vec<String> = data.iter().map(u8::to_string).collect();
                format!("{path}:[{}]", bytes.join(" "))
            })
            .collect();
        format!("map[{}]", entries.join(" "))
    }

    fn json(&self) -> Value {
        self.json_map()
    }

    fn map_len(&self) -> Option<usize> {
        Some(self.0.files().len())
    }

    fn map_entries(&self) -> Option<Vec<(String, Data)>> {
        Some(
            self.0
                .files()
                .iter()
                .map(|(path, data)| (path.clone(), Data::Bytes(data.to_vec())))
                .collect(),
        )
    }
}

/// `.Capabilities.APIVersions`: a `[]string` with a `Has` method.
#[derive(Debug)]
pub struct ApiVersionsObject(pub Vec<String>);

impl GoObject for ApiVersionsObject {
    fn type_name(&self) -> &str {
        "common.VersionSet"
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

    fn slice_items(&self) -> Option<Vec<Data>> {
        Some(
            self.0
                .iter()
                .map(|version| Data::Json(version.clone().into()))
                .collect(),
        )
    }
}

/// `.Capabilities.KubeVersion`.
#[derive(Debug)]
pub struct KubeVersionObject {
    version: String,
    normalized: String,
    major: String,
    minor: String,
}

impl GoObject for KubeVersionObject {
    fn type_name(&self) -> &str {
        "common.KubeVersion"
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
        self.normalized.clone()
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
                normalized: capabilities.kube_version.normalized.clone(),
                major: capabilities.kube_version.major.clone(),
                minor: capabilities.kube_version.minor.clone(),
            }),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renders `template` with `.Files` holding `files`.
    fn render_with_files(files: ChartFiles, template: &str) -> String {
        let mut set = Templates::new();
        set.add("a.yaml", template).unwrap();
        let objects: Vec<(&str, Rc<dyn GoObject>)> = vec![("Files", Rc::new(FilesObject(files)))];
        set.render_with_objects(
            "a.yaml",
            &serde_json::json!({}),
            &objects,
            &Options::default(),
            &mut DefaultHost::default(),
        )
        .unwrap()
    }

    /// Issue 22 D and E: `.Files.Glob`'s result is a Go map to templates:
    /// empty is false, `range $k, $v` gives sorted paths and their bytes.
    /// Expected output checked against Helm 4.2.3.
    #[test]
    fn files_are_a_go_map_of_bytes() {
        let files = ChartFiles::new(
            [("x/a.txt", "one\n"), ("x/b.txt", "two")]
                .iter()
                .map(|(p, d)| (p.to_string(), d.as_bytes().to_vec().into()))
                .collect(),
        );
        let out = render_with_files(
            files,
            r#"a: {{ if .Files.Glob "none/*" }}yes{{ else }}no{{ end }} {{ if .Files.Glob "x/*" }}yes{{ else }}no{{ end }} {{ with .Files.Glob "none/*" }}with{{ else }}nowith{{ end }}
b: {{ range $k, $v := .Files.Glob "x/*" }}[{{ $k }}={{ $v | toString | quote }} {{ printf "%s" $v | quote }} {{ typeOf $v }} {{ len $v }} {{ $v }}]{{ end }}
c: {{ range .Files.Glob "x/*" }}{{ . | toString | quote }}{{ end }} {{ len (.Files.Glob "x/*") }} {{ empty (.Files.Glob "none") }} {{ typeOf (.Files.Glob "x/*") }}
d: {{ range $k, $v := .Files.Glob "x/*" }}{{ $.Files.Get $k | quote }}{{ end }}
e: {{ .Files.Glob "x/*" }} {{ .Files.Glob "none" }}
f: {{ toJson (.Files.Glob "x/*") }} {{ range $i, $v := .Files.Glob "x/*" }}{{ $i }}{{ end }}
g: {{ index (.Files.Glob "x/*") "x/a.txt" | toString | quote }}
"#,
        );
        assert_eq!(
            out,
            "a: no yes nowith\nb: [x/a.txt=\"one\\n\" \"one\\n\" []uint8 4 [111 110 101 10]][x/b.txt=\"two\" \"two\" []uint8 3 [116 119 111]]\nc: \"one\\n\"\"two\" 2 true engine.files\nd: \"one\\n\"\"two\"\ne: map[x/a.txt:[111 110 101 10] x/b.txt:[116 119 111]] map[]\nf: {\"x/a.txt\":\"b25lCg==\",\"x/b.txt\":\"dHdv\"} x/a.txtx/b.txt\ng: \"one\\n\"\n"
        );
    }

    /// `kindOf .Files` and of a `Glob` result is `map` (a
    /// `map[string][]byte`), empty or not. Checked against Helm 4.2.3.
    #[test]
    fn files_are_of_kind_map() {
        let files = ChartFiles::new(
            [("a.txt".to_string(), b"x".to_vec().into())]
                .into_iter()
                .collect(),
        );
        let out = render_with_files(
            files,
            r#"{{ kindOf .Files }} {{ kindOf (.Files.Glob "*.txt") }} {{ kindOf (.Files.Glob "none/*") }} {{ kindIs "map" .Files }}"#,
        );
        assert_eq!(out, "map map map true");
    }
}
