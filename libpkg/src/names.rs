//! Kubernetes name rules (RFC 1123 labels and subdomains), checked before any request
//! so that a bad name is reported with its file instead of as an API server error.

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
}
