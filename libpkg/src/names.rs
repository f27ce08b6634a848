//! Kubernetes name rules (RFC 1123 labels and subdomains), checked before any request
//! so that a bad name is reported with its file instead of as an API server error;
//! and the names a release is known by as types of their own ([`ReleaseName`],
//! [`Namespace`]), checked once when made, so that the library's functions
//! cannot be handed a name where a namespace belongs.

/// Why a name breaks Kubernetes' RFC 1123 rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Longer than the rule allows.
    #[error("longer than {max} characters ({length})")]
    TooLong {
        /// The most the rule allows.
        max: usize,
        /// The name's length.
        length: usize,
    },
    /// The name, or one of its dot-separated labels, is empty.
    #[error("empty")]
    Empty,
    /// Starts or ends with something other than a lowercase letter or digit.
    #[error("must start and end with a lowercase letter or digit")]
    BadEnds,
    /// Holds a character other than lowercase letters, digits and `-`.
    #[error("may contain only lowercase letters, digits and '-'")]
    BadCharacter,
}

/// Checks an RFC 1123 DNS label: at most 63 characters of `a-z`, `0-9` and `-`,
/// starting and ending with an alphanumeric character.
pub fn validate_dns_label(name: &str) -> Result<(), NameError> {
    check_length(name, 63)?;
    validate_label_chars(name)
}

/// Checks an RFC 1123 DNS subdomain: at most 253 characters, dot-separated labels.
pub fn validate_dns_subdomain(name: &str) -> Result<(), NameError> {
    check_length(name, 253)?;
    name.split('.').try_for_each(validate_label_chars)
}

/// The longest release name: Helm's limit, which leaves charts ten
/// characters to name objects after the release within a DNS label.
pub const RELEASE_NAME_MAX: usize = 53;

/// Defines a name type: a `String` known to follow `$check`, built only
/// through it (construction, parsing, deserialization), serialized as the
/// plain string, so plans and their hashes do not see the type.
macro_rules! checked_name {
    ($(#[$doc:meta])* $type:ident, $what:literal, $check:path) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $type(String);

        /// As the string: `"web"`, as messages have always quoted names.
        impl std::fmt::Debug for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl $type {
            #[doc = concat!("The ", $what, " `name`, if it is a valid one.")]
            pub fn new(name: impl Into<String>) -> Result<$type, NameError> {
                let name = name.into();
                $check(&name)?;
                Ok($type(name))
            }

            /// The name as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::str::FromStr for $type {
            type Err = NameError;

            fn from_str(name: &str) -> Result<$type, NameError> {
                $type::new(name)
            }
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::ops::Deref for $type {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $type {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $type {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $type {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $type {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $type {
            fn eq(&self, other: &String) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<$type> for String {
            fn eq(&self, other: &$type) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$type> for &str {
            fn eq(&self, other: &$type) -> bool {
                *self == other.0
            }
        }

        impl From<$type> for String {
            fn from(name: $type) -> String {
                name.0
            }
        }

        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                let name = String::deserialize(deserializer)?;
                $type::new(name.as_str()).map_err(|reason| {
                    serde::de::Error::custom(format!(concat!($what, " {:?} is invalid: {}"), name, reason))
                })
            }
        }
    };
}

checked_name!(
    /// A release name: a DNS label. A distinct type from [`Namespace`], so
    /// that a release's name and namespace cannot be passed one for the
    /// other. A release to be installed gets at most [`RELEASE_NAME_MAX`]
    /// characters ([`ReleaseName::new_release`]); one already installed is
    /// known by any DNS label, so that a release named before that rule
    /// can still be read, upgraded and uninstalled.
    ReleaseName,
    "release name",
    validate_dns_label
);

impl ReleaseName {
    /// The name of a release to be installed: a DNS label of at most
    /// [`RELEASE_NAME_MAX`] characters, as Helm requires.
    pub fn new_release(name: impl Into<String>) -> Result<ReleaseName, NameError> {
        let name = name.into();
        validate_release_name(&name)?;
        Ok(ReleaseName(name))
    }
}

checked_name!(
    /// A Kubernetes namespace name: a DNS label (at most 63 characters).
    Namespace,
    "namespace",
    validate_dns_label
);

/// Checks a release name: a DNS label of at most [`RELEASE_NAME_MAX`] characters.
pub fn validate_release_name(name: &str) -> Result<(), NameError> {
    check_length(name, RELEASE_NAME_MAX)?;
    validate_label_chars(name)
}

fn check_length(name: &str, max: usize) -> Result<(), NameError> {
    match name.len() {
        length if length > max => Err(NameError::TooLong { max, length }),
        _ => Ok(()),
    }
}

fn validate_label_chars(label: &str) -> Result<(), NameError> {
    let bytes = label.as_bytes();
    let alphanumeric = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match (bytes.first(), bytes.last()) {
        (None, _) | (_, None) => Err(NameError::Empty),
        (Some(first), Some(last)) if !alphanumeric(first) || !alphanumeric(last) => {
            Err(NameError::BadEnds)
        }
        _ if !bytes.iter().all(|b| alphanumeric(b) || *b == b'-') => Err(NameError::BadCharacter),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_subdomains() {
        assert!(validate_dns_label("mongodb-0").is_ok());
        assert!(validate_dns_label("Mongo").is_err());
        assert!(validate_dns_label("-a").is_err());
        assert!(validate_dns_label("a.b").is_err());
        assert!(validate_dns_label(&"a".repeat(64)).is_err());
        assert!(validate_dns_subdomain("system:auth").is_err());
        assert!(validate_dns_subdomain("widgets.example.com").is_ok());
        assert!(validate_dns_subdomain("a..b").is_err());
    }

    #[test]
    fn a_new_release_name_is_a_dns_label_of_at_most_53_characters_a_known_one_of_63() {
        for good in ["web", "a", "mongodb-0", "0day", &"a".repeat(53)] {
            let name = ReleaseName::new_release(good).unwrap();
            assert_eq!(name.as_str(), good);
            assert_eq!(good.parse::<ReleaseName>().unwrap(), name);
        }
        let installed_before = "a".repeat(63);
        assert_eq!(
            ReleaseName::new_release(installed_before.as_str()),
            Err(NameError::TooLong {
                max: 53,
                length: 63
            })
        );
        let known: ReleaseName =
            serde_json::from_value(serde_json::json!(installed_before)).unwrap();
        assert_eq!(known, installed_before.as_str());
        for (bad, why) in [
            ("", NameError::Empty),
            (
                &"a".repeat(64),
                NameError::TooLong {
                    max: 63,
                    length: 64,
                },
            ),
            ("Web", NameError::BadEnds),
            ("-web", NameError::BadEnds),
            ("web-", NameError::BadEnds),
            ("we_b", NameError::BadCharacter),
            ("web.v2", NameError::BadCharacter),
            ("wEb", NameError::BadCharacter),
        ] {
            assert_eq!(ReleaseName::new(bad), Err(why.clone()), "{bad:?}");
            assert_eq!(bad.parse::<ReleaseName>(), Err(why), "{bad:?}");
        }
    }

    #[test]
    fn a_namespace_is_a_dns_label() {
        let longest = "n".repeat(63);
        assert_eq!(Namespace::new(longest.as_str()).unwrap(), longest.as_str());
        for (bad, why) in [
            ("", NameError::Empty),
            (
                &"n".repeat(64),
                NameError::TooLong {
                    max: 63,
                    length: 64,
                },
            ),
            ("Apps", NameError::BadEnds),
            ("apps-", NameError::BadEnds),
            ("kube.system", NameError::BadCharacter),
        ] {
            assert_eq!(Namespace::new(bad), Err(why), "{bad:?}");
        }
    }

    #[test]
    fn names_are_plain_strings_in_json_and_messages() {
        let name = ReleaseName::new("web").unwrap();
        let namespace = Namespace::new("apps").unwrap();
        assert_eq!(serde_json::to_string(&name).unwrap(), r#""web""#);
        assert_eq!(serde_json::to_string(&namespace).unwrap(), r#""apps""#);
        assert_eq!(
            serde_json::from_str::<ReleaseName>(r#""web""#).unwrap(),
            name
        );
        assert_eq!(
            serde_json::from_str::<Namespace>(r#""apps""#).unwrap(),
            namespace
        );
        assert_eq!(format!("{name} {namespace}"), "web apps");
        assert_eq!(format!("{name:?} {namespace:?}"), r#""web" "apps""#);
    }

    #[test]
    fn a_bad_name_is_refused_when_read() {
        let error = serde_json::from_str::<ReleaseName>(r#""Web""#).unwrap_err();
        assert!(
            (error.to_string()).starts_with(r#"release name "Web" is invalid: must start"#),
            "{error}"
        );
        let error = serde_json::from_str::<Namespace>(r#""a_b""#).unwrap_err();
        assert!(
            (error.to_string()).starts_with(r#"namespace "a_b" is invalid: may contain"#),
            "{error}"
        );
    }
}
