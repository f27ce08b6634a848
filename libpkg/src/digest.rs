//! Content identities as types: a [`Digest`] (of a package, a blob, an
//! image) and a [`PlanHash`] (of a plan, over its canonical JSON). Both are
//! `sha256:` and 64 hex digits, serialized as that string (the plan's JSON
//! is unchanged), and shown short as `sha256:` and 12 digits where a
//! person reads them ([`Digest::short`], [`PlanHash::short`]): one
//! shortening for every view.

use serde::{Deserialize, Serialize};

/// How many characters a short digest or hash keeps: `sha256:` and 12 hex
/// digits, as container tools show image ids.
const SHORT: usize = "sha256:".len() + 12;

/// The short form of a digest or hash held as text (a release record's, a
/// journal's): `sha256:` and the first 12 hex digits, all of it when shorter.
pub fn short(text: &str) -> &str {
    match text.char_indices().nth(SHORT) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

macro_rules! identity {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The identity as written (`sha256:…`).
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// `sha256:` and the first 12 hex digits, for people to read.
            pub fn short(&self) -> &str {
                short(&self.0)
            }

            /// The text it holds.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> $name {
                $name(text)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> $name {
                $name(text.to_string())
            }
        }

        impl From<$name> for String {
            fn from(identity: $name) -> String {
                identity.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}

identity! {
    /// The digest of content (a package, a blob, an image manifest):
    /// `sha256:` and 64 hex digits.
    Digest
}

identity! {
    /// A plan's hash: `sha256:` over its canonical JSON, what approvals sign
    /// and what a saved plan is checked against.
    PlanHash
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: &str = "sha256:4a5573037f358b6cdfa2f3e8a9c33a5cf11bcd1675ca72ca76fbe5bd77d0d682";

    #[test]
    fn short_keeps_the_algorithm_and_twelve_digits() {
        assert_eq!(PlanHash::from(HASH).short(), "sha256:4a5573037f35");
        assert_eq!(Digest::from(HASH).short(), "sha256:4a5573037f35");
        assert_eq!(Digest::from("sha256:00").short(), "sha256:00");
    }

    #[test]
    fn both_serialize_as_their_text() {
        let hash = PlanHash::from(HASH);
        assert_eq!(serde_json::to_string(&hash).unwrap(), format!("\"{HASH}\""));
        let back: PlanHash = serde_json::from_str(&format!("\"{HASH}\"")).unwrap();
        assert_eq!(back, hash);
        assert_eq!(back, HASH);
    }
}
