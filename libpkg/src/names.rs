//! Kubernetes name rules (RFC 1123 labels and subdomains), checked before any request
//! so that a bad name is reported with its file instead of as an API server error.

/// Checks an RFC 1123 DNS label: at most 63 characters of `a-z`, `0-9` and `-`,
/// starting and ending with an alphanumeric character.
pub fn validate_dns_label(name: &str) -> Result<(), String> {
    if name.len() > 63 {
        return Err(format!("longer than 63 characters ({})", name.len()));
    }
    validate_label_chars(name)
}

/// Checks an RFC 1123 DNS subdomain: at most 253 characters, dot-separated labels.
pub fn validate_dns_subdomain(name: &str) -> Result<(), String> {
    if name.len() > 253 {
        return Err(format!("longer than 253 characters ({})", name.len()));
    }
    name.split('.').try_for_each(validate_label_chars)
}

fn validate_label_chars(label: &str) -> Result<(), String> {
    let bytes = label.as_bytes();
    let alphanumeric = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match (bytes.first(), bytes.last()) {
        (None, _) | (_, None) => Err("empty".to_string()),
        (Some(first), Some(last)) if !alphanumeric(first) || !alphanumeric(last) => {
            Err("must start and end with a lowercase letter or digit".to_string())
        }
        _ if !bytes.iter().all(|b| alphanumeric(b) || *b == b'-') => {
            Err("may contain only lowercase letters, digits and '-'".to_string())
        }
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
