//! The names OLM v1 gives the Roles, ClusterRoles and their bindings it
//! generates from a ClusterServiceVersion, computed the same way, byte for byte.
//!
//! operator-controller names each one `<csv name>-<service account>-<hash>`,
//! where the hash is the SHA-224 of the Go `encoding/json` encoding of the
//! permission entry (`{"serviceAccountName":…,"rules":[…]}` followed by the
//! newline `json.Encoder` writes), printed in base 36. When base and hash are
//! longer than 63 characters together, the base is cut to `63 - len(hash) - 1`
//! bytes. Go's encoding is reproduced here rather than borrowed from serde:
//! struct fields in declaration order, `omitempty` where the Go types have it,
//! `null` for absent lists that lack it, and HTML-safe string escapes.

use sha2::{Digest, Sha224};

use super::bundle::{Permission, PolicyRule};

/// The longest name operator-controller lets a base and its hash reach before
/// it cuts the base (`maxNameLength`).
pub const MAX_NAME_LENGTH: usize = 63;

/// The name OLM v1 gives the RBAC objects of one permission entry: base
/// `<csv>-<service account>` and the hash of the entry as it is at that point
/// (in AllNamespaces mode, with the added namespaces rule).
pub fn generated_name(csv_name: &str, permission: &Permission) -> String {
    let base = format!("{csv_name}-{}", permission.service_account_or_default());
    name_for_base_and_suffix(&base, &deep_hash(&go_json_permission(permission)))
}

/// `ObjectNameForBaseAndSuffix`: `base-suffix`, the base cut so that
/// `len(base) + len(suffix)` stays within 63 bytes. (As upstream, the dash is
/// not counted: a base and suffix of exactly 63 bytes give a 64-byte name.)
pub fn name_for_base_and_suffix(base: &str, suffix: &str) -> String {
    let mut base = base;
    if base.len() + suffix.len() > MAX_NAME_LENGTH {
        let keep = MAX_NAME_LENGTH.saturating_sub(suffix.len() + 1);
        // CSV names are DNS subdomains (ASCII); a cut inside a character is avoided anyway.
        let mut cut = keep.min(base.len());
        while !base.is_char_boundary(cut) {
            cut -= 1;
        }
        base = &base[..cut];
    }
    format!("{base}-{suffix}")
}

/// `DeepHashObject` over already-encoded JSON: base 36 of the SHA-224 of the
/// bytes plus the encoder's trailing newline.
pub fn deep_hash(json: &str) -> String {
    let mut hasher = Sha224::new();
    hasher.update(json.as_bytes());
    hasher.update(b"\n");
    base36(&hasher.finalize())
}

/// A big-endian unsigned number in base 36, lowercase, without leading zeros
/// (as Go's `big.Int.Text(36)`).
fn base36(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut number: Vec<u8> = bytes.iter().copied().skip_while(|b| *b == 0).collect();
    let mut digits = Vec::new();
    while !number.is_empty() {
        let mut remainder: u32 = 0;
        let mut quotient = Vec::with_capacity(number.len());
        for byte in &number {
            let value = (remainder << 8) | u32::from(*byte);
            let digit = (value / 36) as u8;
            remainder = value % 36;
            if !(quotient.is_empty() && digit == 0) {
                quotient.push(digit);
            }
        }
        digits.push(DIGITS[remainder as usize]);
        number = quotient;
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    digits.reverse();
    String::from_utf8(digits).expect("ASCII digits")
}

/// `StrategyDeploymentPermissions` as Go encodes it:
/// `{"serviceAccountName":S,"rules":[…]|null}`.
pub(crate) fn go_json_permission(permission: &Permission) -> String {
    let mut out = String::from("{\"serviceAccountName\":");
    go_string(&mut out, &permission.service_account_name);
    out.push_str(",\"rules\":");
    match &permission.rules {
        None => out.push_str("null"),
        Some(rules) => {
            out.push('[');
            for (i, rule) in rules.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                go_json_rule(&mut out, rule);
            }
            out.push(']');
        }
    }
    out.push('}');
    out
}

/// `rbacv1.PolicyRule`: `verbs` always (null when absent), the other lists
/// only when non-empty (`omitempty`), in declaration order.
fn go_json_rule(out: &mut String, rule: &PolicyRule) {
    out.push_str("{\"verbs\":");
    match &rule.verbs {
        None => out.push_str("null"),
        Some(verbs) => go_strings(out, verbs),
    }
    for (key, list) in [
        ("apiGroups", &rule.api_groups),
        ("resources", &rule.resources),
        ("resourceNames", &rule.resource_names),
        ("nonResourceURLs", &rule.non_resource_urls),
    ] {
        if let Some(list) = list.as_ref().filter(|l| !l.is_empty()) {
            out.push_str(",\"");
            out.push_str(key);
            out.push_str("\":");
            go_strings(out, list);
        }
    }
    out.push('}');
}

fn go_strings(out: &mut String, list: &[String]) {
    out.push('[');
    for (i, item) in list.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        go_string(out, item);
    }
    out.push(']');
}

/// A string as Go's `json.Encoder` writes it with HTML escaping on (the default).
fn go_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(verbs: &[&str], groups: &[&str], resources: &[&str]) -> PolicyRule {
        let list = |items: &[&str]| Some(items.iter().map(|s| s.to_string()).collect());
        PolicyRule {
            verbs: list(verbs),
            api_groups: list(groups),
            resources: list(resources),
            resource_names: None,
            non_resource_urls: None,
        }
    }

    #[test]
    fn the_hash_matches_upstream_test_vectors() {
        // DeepHashObject's own test vectors: the string "a" and nil.
        assert_eq!(
            deep_hash("\"a\""),
            "1lu1qv1451mq7gv9upu1cx8ffffi07rel5xvbvvc44dh"
        );
        assert_eq!(
            deep_hash("null"),
            "2im0kl1kwvzn46sr4cdtkvmdzrlurvj51xdzhwdht8l0"
        );
        assert_eq!(
            deep_hash("{}"),
            "16jfjhihxbzhfhs1k5mimq740kvioi98pfbea9q6qtf9"
        );
    }

    #[test]
    fn base36_has_no_leading_zeros() {
        assert_eq!(base36(&[0, 0, 35]), "z");
        assert_eq!(base36(&[0, 36]), "10");
        assert_eq!(base36(&[1, 0]), "74");
        assert_eq!(base36(&[]), "0");
    }

    #[test]
    fn permissions_encode_as_go_does() {
        let permission = Permission {
            service_account_name: "op<&>".to_string(),
            rules: Some(vec![
                rule(&["get"], &[""], &["pods"]),
                PolicyRule {
                    verbs: None,
                    api_groups: Some(Vec::new()),
                    resources: None,
                    resource_names: None,
                    non_resource_urls: Some(vec!["/healthz".into()]),
                },
            ]),
        };
        assert_eq!(
            go_json_permission(&permission),
            r#"{"serviceAccountName":"op\u003c\u0026\u003e","rules":[{"verbs":["get"],"apiGroups":[""],"resources":["pods"]},{"verbs":null,"nonResourceURLs":["/healthz"]}]}"#
        );
        let empty = Permission {
            service_account_name: String::new(),
            rules: None,
        };
        assert_eq!(
            go_json_permission(&empty),
            r#"{"serviceAccountName":"","rules":null}"#
        );
    }

    #[test]
    fn long_bases_are_cut_to_fit_63_with_the_hash() {
        let hash = "h".repeat(44);
        let long = "a".repeat(60);
        let name = name_for_base_and_suffix(&long, &hash);
        assert_eq!(name, format!("{}-{hash}", "a".repeat(18)));
        assert_eq!(name.len(), 63);
        // Exactly 63 together: not cut, so the name has 64 bytes (as upstream).
        let name = name_for_base_and_suffix(&"b".repeat(19), &hash);
        assert_eq!(name.len(), 64);
        // Short: untouched.
        assert_eq!(name_for_base_and_suffix("csv-sa", "xyz"), "csv-sa-xyz");
    }
}
