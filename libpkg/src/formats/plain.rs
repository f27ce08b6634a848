//! The native `plain` format: `package.yaml` and `manifests/` (also a
//! rukpak-style bundle image with `manifests/` and no `package.yaml`). Its
//! objects are its manifests as written; it takes no configuration, needs
//! nothing from the cluster, and the plan records nothing besides them.

use super::{ClusterFacts, Configuration, Format, FormatError, RenderRequest, Rendered};
use crate::archive::{Files, Limits};
use crate::package::{
    Content, EXTRA_FILES, MANIFESTS_DIR, MetadataFileError, Package, PackageError, PackageMetadata,
    ParsedOnce,
};
use crate::plan::PackageFormat;
use crate::render::{self, RenderError};

/// The format's name in plans.
pub const NAME: PackageFormat = PackageFormat::Plain;

/// The `plain` format (its content is the package's files alone).
#[derive(Debug, Clone, Copy, Default)]
pub struct Plain;

/// Loads a `plain` package from its files: `package.yaml` (or, with
/// `fallback`'s name and version, `manifests/` alone), `manifests/**`, and a
/// README or LICENSE; other files are left out.
pub(super) fn load(
    files: Files,
    origin: &str,
    fallback: Option<(&str, &str)>,
    limits: &Limits,
) -> Result<Package, PackageError> {
    let metadata_error = |reason: String| PackageError::Metadata {
        origin: origin.to_string(),
        reason,
    };
    let unreadable = |source: MetadataFileError| PackageError::MetadataUnreadable {
        file: format!("{origin}/package.yaml"),
        source,
    };
    let metadata = match files.get("package.yaml") {
        Some(bytes) => {
            let text =
                std::str::from_utf8(bytes).map_err(|_| metadata_error("not UTF-8".to_string()))?;
            crate::yaml::from_str::<PackageMetadata>(text).map_err(|e| unreadable(e.into()))?
        }
        None => {
            let has_manifests = files.keys().any(|path| path.starts_with(MANIFESTS_DIR));
            match fallback {
                Some((name, version)) if has_manifests => {
                    PackageMetadata::synthesized(name, version)
                }
                _ => {
                    return Err(PackageError::NotAPackage {
                        origin: origin.to_string(),
                    });
                }
            }
        }
    };
    let version = metadata.validate().map_err(|e| unreadable(e.into()))?;
    let files = files
        .into_iter()
        .filter(|(path, _)| {
            path == "package.yaml"
                || path.starts_with(MANIFESTS_DIR)
                || EXTRA_FILES.contains(&path.as_str())
        })
        .collect();
    Ok(Package {
        metadata,
        version,
        files,
        content: Content::Plain,
        parsed: ParsedOnce::default(),
        limits: *limits,
    })
}

impl Format for Plain {
    fn name(&self) -> PackageFormat {
        NAME
    }

    /// Parses the manifests and checks every object's identity (valid names
    /// and namespaces); the documents are kept for planning, parsed once.
    fn check(&self, package: &Package, limits: &Limits) -> Result<(), RenderError> {
        let documents = render::parse_documents_within(package, limits.yaml())?;
        package.parsed.keep(documents);
        Ok(())
    }

    fn check_config(&self, configuration: &Configuration<'_>) -> Result<(), FormatError> {
        super::refuse_values(self, configuration)?;
        if let Some(key) = configuration.config.keys().next() {
            return Err(FormatError::Config {
                reason: format!(
                    "{} {key}: a plain package takes no configuration (only registry+v1 bundles do)",
                    crate::remedy::Setting::Config
                ),
            });
        }
        Ok(())
    }

    fn render(
        &self,
        package: &Package,
        _request: &RenderRequest<'_>,
        _cluster: ClusterFacts<'_, '_>,
    ) -> Result<Rendered, FormatError> {
        let documents = match package.parsed.take() {
            Some(documents) => documents,
            None => render::parse_documents(package)?,
        };
        // A chart may render no objects (Helm installs an empty release); a
        // package with nothing under manifests/ is a mistake.
        if documents.is_empty() {
            return Err(RenderError::Empty.into());
        }
        Ok(Rendered {
            documents,
            other_namespaces: package.metadata.namespaces.clone(),
            ..Rendered::default()
        })
    }
}

/// Rendering a `plain` package: its manifests parsed, checked, defaulted,
/// labelled and ordered by [`crate::render`] (moved here from `render`, which
/// depends on no package).
#[cfg(test)]
mod render_tests {
    use crate::object::Object;
    use crate::package::{Files, Package};
    use crate::render::*;

    fn package(extra_metadata: &str, manifests: &[(&str, &str)]) -> Package {
        let mut files = Files::new();
        files.insert(
            "package.yaml".into(),
            format!("apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: demo\nversion: 1.0.0\n{extra_metadata}")
                .into_bytes().into(),
        );
        for (path, text) in manifests {
            files.insert(format!("manifests/{path}"), text.as_bytes().to_vec().into());
        }
        Package::from_files(files, "demo", None).unwrap()
    }

    /// Renders `package` as planning does: through the format.
    fn render_format(
        package: &Package,
    ) -> Result<crate::formats::Rendered, crate::formats::FormatError> {
        let (config, values) = Default::default();
        let request = crate::formats::RenderRequest {
            release: "demo",
            namespace: "apps",
            upgrade: None,
            configuration: crate::formats::Configuration {
                config: &config,
                values: &values,
                reuse_values: Default::default(),
                enable_dns: false,
            },
        };
        let capabilities = crate::helm::render::Capabilities::offline();
        let facts = crate::formats::ClusterFacts {
            capabilities: &capabilities,
            served_kinds: &Default::default(),
            lookup: None,
        };
        crate::formats::render(package, &request, facts)
    }

    fn render_package(manifests: &[(&str, &str)]) -> Result<Vec<Object>, RenderError> {
        render_declaring("", manifests)
    }

    fn render_declaring(
        extra_metadata: &str,
        manifests: &[(&str, &str)],
    ) -> Result<Vec<Object>, RenderError> {
        let package = package(extra_metadata, manifests);
        let documents = parse_documents(&package)?;
        let mut scopes = OfflineScopes::default();
        scopes.learn_crds(documents.iter().map(|(_, v)| v));
        let target = RenderTarget {
            release: "demo",
            namespace: "apps",
            other_namespaces: &package.metadata.namespaces,
            any_namespace: false,
            placement: &Default::default(),
        };
        render(documents, &target, &scopes).map(|r| r.objects)
    }

    const CRD: &str = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {kind: Widget, plural: widgets}\n";

    #[test]
    fn orders_defaults_and_labels() {
        let objects = render_declaring("namespaces: [other]\n", &[
            ("a.yaml", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n"),
            ("b.yaml", CRD),
            ("c.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: apps}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: other}\n"),
        ])
        .unwrap();
        let order: Vec<String> = objects.iter().map(|o| o.to_string()).collect();
        assert_eq!(
            order,
            [
                "Namespace/apps",
                "CustomResourceDefinition.apiextensions.k8s.io/widgets.example.com",
                "ConfigMap/other/c",
                "Deployment.apps/apps/d",
                "Widget.example.com/apps/w",
            ]
        );
        let deployment = &objects[3].manifest;
        assert_eq!(deployment["metadata"]["namespace"], "apps");
        assert_eq!(deployment["metadata"]["labels"][LABEL_RELEASE], "demo");
        assert_eq!(
            deployment["metadata"]["annotations"][ANNOTATION_RELEASE_NAMESPACE],
            "apps"
        );
        // No per-object package digest: it would make every upgrade update every object.
        assert_eq!(
            deployment["metadata"]["annotations"]
                .as_object()
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn hooks_run_in_their_phases_by_weight_then_kind_order() {
        let hook = |kind: &str, name: &str, event: &str, weight: &str| {
            let api = if kind == "Job" { "batch/v1" } else { "v1" };
            format!(
                "apiVersion: {api}\nkind: {kind}\nmetadata:\n  name: {name}\n  annotations: {{kubectl-pkg.dev/hook: {event}, helm.sh/hook-weight: \"{weight}\"}}\n---\n"
            )
        };
        let text = [
            hook("Job", "migrate", "pre-install", "5"),
            hook("ConfigMap", "seed", "pre-install", "5"),
            hook("Secret", "first", "pre-install", "-3"),
            hook("Job", "notify", "post-install", "0"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\n".to_string(),
        ]
        .concat();
        let objects =
            render_declaring("", &[("hooks.yaml", text.as_str()), ("crd.yaml", CRD)]).unwrap();
        let order: Vec<&str> = objects.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(
            order,
            [
                "widgets.example.com",
                "first",
                "seed",
                "migrate",
                "app",
                "notify"
            ]
        );
    }

    #[test]
    fn errors_name_file_document_and_line() {
        let bad_yaml = render_package(&[(
            "x.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\nkind: [\n",
        )])
        .unwrap_err();
        assert!(
            bad_yaml
                .to_string()
                .starts_with("manifests/x.yaml: document 2 (line 5): invalid YAML"),
            "{bad_yaml}"
        );

        let no_name =
            render_package(&[("x.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {}\n")])
                .unwrap_err();
        assert_eq!(
            no_name.to_string(),
            "manifests/x.yaml: document 1 (line 1): ConfigMap: missing metadata.name"
        );

        let duplicate = render_package(&[
            (
                "a.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n",
            ),
            (
                "b.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: apps}\n",
            ),
        ])
        .unwrap_err();
        assert!(
            duplicate
                .to_string()
                .contains("ConfigMap/apps/a is defined twice"),
            "{duplicate}"
        );
        assert!(
            duplicate.to_string().contains("manifests/b.yaml"),
            "{duplicate}"
        );

        let unknown = render_package(&[(
            "x.yaml",
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n",
        )])
        .unwrap_err();
        // Of a duplicate and an object of an unknown kind, the first in
        // document order is the error.
        let (config_map, gadget) = (
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n",
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n",
        );
        let duplicate_first = render_package(&[
            ("a.yaml", config_map),
            ("b.yaml", config_map),
            ("c.yaml", gadget),
        ])
        .unwrap_err();
        assert_eq!(
            duplicate_first.to_string(),
            "ConfigMap/apps/a is defined twice: in manifests/a.yaml: document 1 (line 1) \
             and in manifests/b.yaml: document 1 (line 1)"
        );
        let unknown_first = render_package(&[
            ("a.yaml", config_map),
            ("b.yaml", gadget),
            ("c.yaml", config_map),
        ])
        .unwrap_err();
        assert!(
            unknown_first.to_string().starts_with("manifests/b.yaml"),
            "{unknown_first}"
        );
        assert!(
            unknown
                .to_string()
                .contains("unknown kind Gadget in example.com/v1"),
            "{unknown}"
        );

        let bad_name = render_package(&[(
            "x.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: Bad_Name}\n",
        )])
        .unwrap_err();
        assert!(bad_name.to_string().contains("invalid name"), "{bad_name}");

        // No documents render no objects; the plain format refuses an empty package.
        assert_eq!(render_package(&[]).unwrap(), Vec::new());
        let empty = render_format(&package("", &[])).unwrap_err();
        assert!(
            empty.to_string().contains("the package has no objects"),
            "{empty}"
        );
    }

    /// A large package's documents are converted on several threads; what
    /// fails first in document order is still what is reported, and the
    /// warnings come in document order.
    #[test]
    fn large_packages_render_as_in_document_order() {
        let config_map =
            |i: usize| format!("apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c{i}}}\n");
        let cluster_role = |i: usize| {
            format!(
                "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {{name: r{i}, namespace: apps}}\n"
            )
        };
        let many =
            |documents: Vec<String>| render_package(&[("many.yaml", &documents.join("---\n"))]);
        let count = 2 * PARALLEL_RENDER_MIN;

        let mut documents: Vec<String> = (0..count).map(config_map).collect();
        documents[10] = cluster_role(10);
        documents[count - 10] = cluster_role(count - 10);
        let package = package("", &[("many.yaml", &documents.join("---\n"))]);
        let target = RenderTarget {
            release: "demo",
            namespace: "apps",
            other_namespaces: &[],
            any_namespace: false,
            placement: &Default::default(),
        };
        let rendered = render(
            parse_documents(&package).unwrap(),
            &target,
            &OfflineScopes::default(),
        )
        .unwrap();
        assert_eq!(rendered.objects.len(), count);
        assert_eq!(rendered.warnings.len(), 2);
        assert!(
            rendered.warnings[0].contains("\"r10\""),
            "{:?}",
            rendered.warnings
        );
        assert!(rendered.warnings[1].contains(&format!("\"r{}\"", count - 10)));

        // A duplicate early in the first share comes before an invalid
        // document in the last, though another thread converts that one.
        let mut documents: Vec<String> = (0..count).map(config_map).collect();
        documents[20] = config_map(3);
        documents[count - 5] =
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n".to_string();
        let error = many(documents.clone()).unwrap_err().to_string();
        assert!(
            error.contains("ConfigMap/apps/c3 is defined twice"),
            "{error}"
        );
        documents[20] = config_map(20);
        let error = many(documents).unwrap_err().to_string();
        assert!(
            error.contains(&format!("document {} ", count - 4))
                && error.contains("unknown kind Gadget"),
            "{error}"
        );
    }

    /// Issue 22 H: Helm applies a cluster-scoped object whose template sets
    /// metadata.namespace (the API server ignores the field); the field is
    /// dropped, with a note for the plan.
    #[test]
    fn a_cluster_scoped_object_loses_its_namespace_with_a_note() {
        let package = package(
            "",
            &[(
                "x.yaml",
                "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: reader, namespace: apps}\n",
            )],
        );
        let documents = parse_documents(&package).unwrap();
        let target = RenderTarget {
            release: "demo",
            namespace: "apps",
            other_namespaces: &[],
            any_namespace: false,
            placement: &Default::default(),
        };
        let rendered = render(documents, &target, &OfflineScopes::default()).unwrap();
        assert_eq!(rendered.objects[0].namespace, None);
        assert_eq!(
            rendered.objects[0].manifest["metadata"].get("namespace"),
            None
        );
        assert_eq!(
            rendered.warnings,
            [
                "manifests/x.yaml: document 1 (line 1): ClusterRole \"reader\" is cluster-scoped; its metadata.namespace \"apps\" was dropped (the API server ignores it)"
            ]
        );
    }

    /// kapp's `--into-ns` replaces every namespaced object's namespace, the
    /// ones objects name included, then `--map-ns` renames each and must
    /// know all; cluster-scoped objects stay without one.
    #[test]
    fn a_namespace_placement_moves_namespaced_objects_as_kapp_does() {
        let package = package(
            "",
            &[(
                "x.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n\
                 apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: r, namespace: kube-system}\n---\n\
                 apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: c}\n",
            )],
        );
        let place = |placement: &crate::render::NamespacePlacement| {
            let target = RenderTarget {
                release: "demo",
                namespace: "apps",
                other_namespaces: &[],
                any_namespace: true,
                placement,
            };
            render(
                parse_documents(&package).unwrap(),
                &target,
                &OfflineScopes::default(),
            )
            .map(|rendered| {
                rendered
                    .objects
                    .iter()
                    .map(|o| {
                        (
                            o.namespace.clone(),
                            o.manifest["metadata"].get("namespace").cloned(),
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .map_err(|e| e.to_string())
        };
        let named = |ns: &str| {
            (
                Some(ns.to_string()),
                Some(crate::manifest::Manifest::from(ns)),
            )
        };
        // In apply order: the ClusterRole, the ConfigMap, the Role.
        let nowhere = (None, None);
        assert_eq!(
            place(&Default::default()).unwrap(),
            [nowhere.clone(), named("apps"), named("kube-system")]
        );
        let into = crate::render::NamespacePlacement {
            into: Some("elsewhere".into()),
            ..Default::default()
        };
        assert_eq!(
            place(&into).unwrap(),
            [nowhere.clone(), named("elsewhere"), named("elsewhere")]
        );
        let map = crate::render::NamespacePlacement {
            map: [("apps", "web"), ("kube-system", "system")]
                .into_iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            ..Default::default()
        };
        assert_eq!(
            place(&map).unwrap(),
            [nowhere, named("web"), named("system")]
        );
        let partial = crate::render::NamespacePlacement {
            map: [("apps".to_string(), "web".to_string())].into(),
            ..Default::default()
        };
        let error = place(&partial).unwrap_err();
        assert!(
            error.contains("Role \"r\": its namespace \"kube-system\" is not mapped by mapNs"),
            "{error}"
        );
    }

    #[test]
    fn other_namespaces_must_be_declared() {
        let manifests = [(
            "x.yaml",
            "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: reader, namespace: kube-system}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: r}\n",
        )];
        let error = render_package(&manifests).unwrap_err().to_string();
        assert!(
            error.starts_with("manifests/x.yaml: document 1 (line 1): RoleBinding \"reader\" sets metadata.namespace \"kube-system\", but the release namespace is \"apps\""),
            "{error}"
        );
        assert!(error.contains("`namespaces:` in package.yaml"), "{error}");
        let objects = render_declaring("namespaces: [kube-system]\n", &manifests).unwrap();
        assert_eq!(objects[0].namespace.as_deref(), Some("kube-system"));
        // Naming the release namespace itself needs no declaration.
        render_package(&[(
            "x.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: apps}\n",
        )])
        .unwrap();
        let mut files = package("", &manifests).files;
        files.insert(
            "package.yaml".into(),
            b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: demo\nversion: 1.0.0\nnamespaces: [Kube_System]\n".to_vec().into(),
        );
        let error =
            crate::remedy::with_causes(&Package::from_files(files, "demo", None).unwrap_err());
        assert!(error.contains("namespaces: \"Kube_System\""), "{error}");
    }

    #[test]
    fn names_follow_the_api_server_rules_per_kind() {
        let object = |kind: &str, api_version: &str, name: &str| {
            render_package(&[(
                "x.yaml",
                &format!("apiVersion: {api_version}\nkind: {kind}\nmetadata: {{name: '{name}'}}\n"),
            )])
        };
        let refused = [
            ("Service", "v1", "1st-service", "start with a letter"),
            (
                "Service",
                "v1",
                "my.service",
                "lowercase letters, digits and '-'",
            ),
            (
                "Namespace",
                "v1",
                "a.b",
                "lowercase letters, digits and '-'",
            ),
            ("ConfigMap", "v1", "Upper", "lowercase"),
            ("ConfigMap", "v1", &"a".repeat(254), "253"),
            ("CronJob", "batch/v1", &"c".repeat(53), "52"),
            ("Role", "rbac.authorization.k8s.io/v1", "a/b", "'/'"),
            ("Role", "rbac.authorization.k8s.io/v1", "..", "'..'"),
        ];
        for (kind, api_version, name, expected) in refused {
            let error = object(kind, api_version, name).unwrap_err().to_string();
            assert!(error.contains("invalid name"), "{kind} {name}: {error}");
            assert!(error.contains(expected), "{kind} {name}: {error}");
        }
        for (kind, api_version, name) in [
            ("Service", "v1", "web-1"),
            ("ConfigMap", "v1", "a.b-c"),
            ("CronJob", "batch/v1", &"c".repeat(52)),
            (
                "ClusterRole",
                "rbac.authorization.k8s.io/v1",
                "system:Reader",
            ),
        ] {
            object(kind, api_version, name).unwrap_or_else(|e| panic!("{kind} {name}: {e}"));
        }
        let crd = CRD.replace("name: widgets.example.com", "name: gadgets.example.com");
        let error = crate::remedy::with_causes(&render_package(&[("crd.yaml", &crd)]).unwrap_err());
        assert!(error.contains("widgets.example.com"), "{error}");
    }

    #[test]
    fn an_invalid_release_namespace_is_refused_before_anything_else() {
        let package = package(
            "",
            &[(
                "x.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
            )],
        );
        let documents = parse_documents(&package).unwrap();
        let target = RenderTarget {
            release: "demo",
            namespace: "Not_A_Namespace",
            other_namespaces: &[],
            any_namespace: false,
            placement: &Default::default(),
        };
        let error = render(documents, &target, &OfflineScopes::default()).unwrap_err();
        assert!(
            matches!(error, RenderError::ReleaseNamespace { .. }),
            "{error}"
        );
    }

    #[test]
    fn lists_expand_and_rbac_names_may_have_colons() {
        let objects = render_package(&[(
            "x.yaml",
            "apiVersion: v1\nkind: List\nitems:\n- apiVersion: rbac.authorization.k8s.io/v1\n  kind: ClusterRole\n  metadata: {name: 'demo:reader'}\n",
        )])
        .unwrap();
        assert_eq!(objects[0].name, "demo:reader");
        assert_eq!(objects[0].namespace, None);
    }
}
