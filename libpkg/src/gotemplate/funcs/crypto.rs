//! sprig's cryptographic functions: `derivePassword` (Master Password's
//! algorithm: scrypt, then HMAC-SHA256 picking characters from templates),
//! `encryptAES`/`decryptAES` (AES-256-CBC, the password zero-padded or cut
//! to 32 bytes, PKCS#7 padding, a random IV in front, base64), `bcrypt` and
//! `htpasswd` (`$2a$`, cost 10, as Go's `x/crypto/bcrypt`).
//!
//! Random bits (IVs, salts) come from the host, and these calls are reported
//! to it as non-deterministic, except `derivePassword` and `decryptAES`.

use aes::cipher::{BlockCipherDecrypt, BlockCipherEncrypt, KeyInit};
use base64::Engine as _;
use hmac::Mac as _;

use super::sprig::b64_decode;
use super::{CallError, CallResult, Param, Table};
use crate::gotemplate::exec::Exec;
use crate::gotemplate::value::{Value, go_lossy};

use Param::*;

const MASTER_PASSWORD_SEED: &str = "com.lyndir.masterpassword";

fn password_templates(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "maximum" => &["anoxxxxxxxxxxxxxxxxx", "axxxxxxxxxxxxxxxxxno"],
        "long" => &[
            "CvcvnoCvcvCvcv",
            "CvcvCvcvnoCvcv",
            "CvcvCvcvCvcvno",
            "CvccnoCvcvCvcv",
            "CvccCvcvnoCvcv",
            "CvccCvcvCvcvno",
            "CvcvnoCvccCvcv",
            "CvcvCvccnoCvcv",
            "CvcvCvccCvcvno",
            "CvcvnoCvcvCvcc",
            "CvcvCvcvnoCvcc",
            "CvcvCvcvCvccno",
            "CvccnoCvccCvcv",
            "CvccCvccnoCvcv",
            "CvccCvccCvcvno",
            "CvcvnoCvccCvcc",
            "CvcvCvccnoCvcc",
            "CvcvCvccCvccno",
            "CvccnoCvcvCvcc",
            "CvccCvcvnoCvcc",
            "CvccCvcvCvccno",
        ],
        "medium" => &["CvcnoCvc", "CvcCvcno"],
        "short" => &["Cvcn"],
        "basic" => &["aaanaaan", "aannaaan", "aaannaaa"],
        "pin" => &["nnnn"],
        _ => return None,
    })
}

fn template_characters(c: u8) -> &'static [u8] {
    match c {
        b'V' => b"AEIOU",
        b'C' => b"BCDFGHJKLMNPQRSTVWXYZ",
        b'v' => b"aeiou",
        b'c' => b"bcdfghjklmnpqrstvwxyz",
        b'A' => b"AEIOUBCDFGHJKLMNPQRSTVWXYZ",
        b'a' => b"AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz",
        b'n' => b"0123456789",
        b'o' => b"@&%?,=[]_:-+*$#!'^~;()/.",
        _ => b"AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz0123456789!@#$%^&*()",
    }
}

/// sprig's `derivePassword` (errors are returned as the result, as sprig does).
pub(crate) fn derive_password(
    counter: u32,
    kind: &str,
    password: &str,
    user: &str,
    site: &str,
) -> String {
    let Some(templates) = password_templates(kind) else {
        return format!("cannot find password template {kind}");
    };
    let mut salt = MASTER_PASSWORD_SEED.as_bytes().to_vec();
    salt.extend_from_slice(&(user.len() as u32).to_be_bytes());
    salt.extend_from_slice(user.as_bytes());
    let mut key = [0u8; 64];
    let params = match scrypt::Params::new(15, 8, 2) {
        Ok(p) => p,
        Err(e) => return format!("failed to derive password: {e}"),
    };
    if let Err(e) = scrypt::scrypt(password.as_bytes(), &salt, &params, &mut key) {
        return format!("failed to derive password: {e}");
    }
    let mut message = MASTER_PASSWORD_SEED.as_bytes().to_vec();
    message.extend_from_slice(&(site.len() as u32).to_be_bytes());
    message.extend_from_slice(site.as_bytes());
    message.extend_from_slice(&counter.to_be_bytes());
    let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key) else {
        return "failed to derive password: bad key".into();
    };
    mac.update(&message);
    let seed = mac.finalize().into_bytes();
    let template = templates[seed[0] as usize % templates.len()];
    template
        .bytes()
        .enumerate()
        .map(|(i, c)| {
            let chars = template_characters(c);
            chars[seed[i + 1] as usize % chars.len()] as char
        })
        .collect()
}

fn aes_key(password: &str) -> aes::Aes256 {
    let mut key = [0u8; 32];
    let n = password.len().min(32);
    key[..n].copy_from_slice(&password.as_bytes()[..n]);
    aes::Aes256::new(&key.into())
}

/// sprig's `encryptAES` with the given IV.
pub(crate) fn encrypt_aes(password: &str, plaintext: &str, iv: [u8; 16]) -> String {
    if plaintext.is_empty() {
        return String::new();
    }
    let cipher = aes_key(password);
    let mut content = plaintext.as_bytes().to_vec();
    let padding = 16 - content.len() % 16;
    content.extend(std::iter::repeat_n(padding as u8, padding));
    let mut out = iv.to_vec();
    let mut prev = iv;
    for chunk in content.chunks(16) {
        let mut block = [0u8; 16];
        for (i, b) in block.iter_mut().enumerate() {
            *b = chunk[i] ^ prev[i];
        }
        let mut b = block.into();
        cipher.encrypt_block(&mut b);
        prev = b.into();
        out.extend_from_slice(&prev);
    }
    base64::engine::general_purpose::STANDARD.encode(out)
}

/// sprig's `decryptAES`, with Go's panics as errors.
pub(crate) fn decrypt_aes(password: &str, crypt64: &str) -> Result<Vec<u8>, String> {
    if crypt64.is_empty() {
        return Ok(Vec::new());
    }
    let crypt = b64_decode(crypt64)?;
    if crypt.len() < 16 {
        return Err(format!(
            "runtime error: slice bounds out of range [:16] with capacity {}",
            crypt.len()
        ));
    }
    let (iv, body) = crypt.split_at(16);
    if body.len() % 16 != 0 {
        return Err("crypto/cipher: input not full blocks".into());
    }
    let cipher = aes_key(password);
    let mut out = Vec::with_capacity(body.len());
    let mut prev: [u8; 16] = iv.try_into().unwrap_or_default();
    for chunk in body.chunks(16) {
        let current: [u8; 16] = chunk.try_into().unwrap_or_default();
        let mut b = current.into();
        cipher.decrypt_block(&mut b);
        let plain: [u8; 16] = b.into();
        out.extend(plain.iter().zip(prev).map(|(p, v)| p ^ v));
        prev = current;
    }
    let Some(&last) = out.last() else {
        return Err("runtime error: index out of range [-1]".into());
    };
    let keep = out.len() as i64 - last as i64;
    if keep < 0 {
        return Err(format!(
            "runtime error: slice bounds out of range [:{keep}]"
        ));
    }
    out.truncate(keep as usize);
    Ok(out)
}

fn random_bytes<const N: usize>(ex: &mut Exec<'_>) -> [u8; N] {
    let mut b = [0u8; N];
    for chunk in b.chunks_mut(8) {
        let r = ex.host.random_u64().to_le_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
    b
}

/// Go's `bcrypt.DefaultCost` (the Rust crate's default is 12).
const GO_DEFAULT_COST: u32 = 10;

/// sprig's `bcrypt`: `$2a$10$`, a salt from the host's randomness.
fn bcrypt_hash(ex: &mut Exec<'_>, input: &str) -> String {
    let salt = random_bytes::<16>(ex);
    match bcrypt::hash_with_salt(input.as_bytes(), GO_DEFAULT_COST, salt) {
        Ok(h) => h.format_for_version(bcrypt::Version::TwoA),
        Err(e) => format!("failed to encrypt string with bcrypt: {e}"),
    }
}

fn str_arg(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

pub(super) fn register(t: &mut Table) {
    t.add("derivePassword", &[Int, Str, Str, Str, Str], |_, _, a| {
        let counter = match &a[0] {
            Value::Int(i) | Value::Int64(i) => {
                u32::try_from(*i).map_err(|_| CallError::Msg(format!("{i} overflows uint32")))?
            }
            _ => 0,
        };
        Ok(Value::str(derive_password(
            counter,
            str_arg(&a[1]),
            str_arg(&a[2]),
            str_arg(&a[3]),
            str_arg(&a[4]),
        )))
    });
    t.add("encryptAES", &[Str, Str], |ex, _, a| {
        let iv = random_bytes::<16>(ex);
        Ok(Value::str(encrypt_aes(str_arg(&a[0]), str_arg(&a[1]), iv)))
    });
    t.add("decryptAES", &[Str, Str], |_, _, a| -> CallResult {
        let plain = decrypt_aes(str_arg(&a[0]), str_arg(&a[1]))?;
        Ok(Value::str(go_lossy(&plain)))
    });
    t.add("bcrypt", &[Str], |ex, _, a| {
        Ok(Value::str(bcrypt_hash(ex, str_arg(&a[0]))))
    });
    t.add("htpasswd", &[Str, Str], |ex, _, a| {
        let user = str_arg(&a[0]);
        if user.contains(':') {
            return Ok(Value::str(format!("invalid username: {user}")));
        }
        let hash = bcrypt_hash(ex, str_arg(&a[1]));
        Ok(Value::str(format!("{user}:{hash}")))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gotemplate::render_alone;

    fn render(text: &str) -> (String, Vec<(String, String)>) {
        let (out, calls) = render_alone("t.yaml", text);
        (out.unwrap(), calls)
    }

    #[test]
    fn aes_round_trips_and_pads_like_go() {
        for text in ["x", "exactly 16 bytes", "a longer secret, over two blocks"] {
            let c = encrypt_aes("pw", text, [7; 16]);
            assert_eq!(decrypt_aes("pw", &c).unwrap(), text.as_bytes());
            let raw = b64_decode(&c).unwrap();
            assert_eq!(raw.len(), 16 + (text.len() / 16 + 1) * 16);
        }
        assert_eq!(encrypt_aes("pw", "", [0; 16]), "");
        assert!(decrypt_aes("pw", "c2hvcnQ=").is_err());
        // A password over 32 bytes is cut, as Go's copy does.
        let long = "k".repeat(40);
        let c = encrypt_aes(&long, "s", [1; 16]);
        assert_eq!(decrypt_aes(&"k".repeat(32), &c).unwrap(), b"s");
        let (out, calls) = render(r#"{{ encryptAES "pw" "hello" | decryptAES "pw" }}"#);
        assert_eq!(out, "hello");
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].0, "encryptAES");
    }

    /// Our ciphertexts with a fixed IV, equal to OpenSSL's
    /// (`openssl enc -aes-256-cbc`); the differential corpus has Go's
    /// `decryptAES` read these same strings.
    #[test]
    fn encrypt_aes_matches_openssl_and_go_reads_it() {
        let iv = [7; 16];
        assert_eq!(
            encrypt_aes("pw", "hello world", iv),
            "BwcHBwcHBwcHBwcHBwcHB8UFWzjElPGUwKhtka/AQ4U="
        );
        assert_eq!(
            encrypt_aes("pw", "exactly 16 bytes", iv),
            "BwcHBwcHBwcHBwcHBwcHB0QWOTgO1VtVreWEiGcPkFW17QasK31Gb9o8rGjqhOoE"
        );
        assert_eq!(
            encrypt_aes("pw", "\u{fc}n\u{ef}code & <html> 'quotes'", iv),
            "BwcHBwcHBwcHBwcHBwcHB+ttluDGH+F2zEjSycBP467CjB+Dy/aTGEtCCBhAB+Fi"
        );
        assert_eq!(
            encrypt_aes(&"k".repeat(40), "s", [1; 16]),
            "AQEBAQEBAQEBAQEBAQEBAWHVbDPwTZ2/ZQ5oHXa4B4Q="
        );
    }

    #[test]
    fn bcrypt_and_htpasswd_verify() {
        let (out, calls) = render(
            r#"{{ bcrypt "s3cret" }}|{{ htpasswd "admin" "pw" }}|{{ htpasswd "a:b" "pw" }}"#,
        );
        let parts: Vec<&str> = out.split('|').collect();
        assert!(parts[0].starts_with("$2a$10$"), "{out}");
        assert!(bcrypt::verify("s3cret", parts[0]).unwrap());
        let (user, hash) = parts[1].split_once(':').unwrap();
        assert_eq!(user, "admin");
        assert!(hash.starts_with("$2a$10$") && bcrypt::verify("pw", hash).unwrap());
        assert!(!bcrypt::verify("other", hash).unwrap());
        assert_eq!(parts[2], "invalid username: a:b");
        let names: Vec<&str> = calls.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(names, ["bcrypt", "htpasswd", "htpasswd"]);
    }
}
