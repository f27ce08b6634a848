//! sprig's key and certificate functions: `genPrivateKey`, `genCA`,
//! `genCAWithKey`, `genSelfSignedCert`, `genSelfSignedCertWithKey`,
//! `genSignedCert`, `genSignedCertWithKey` and `buildCustomCert`.
//!
//! As in sprig: RSA keys (4096 bits from `genPrivateKey`, 2048 for
//! certificates) as `RSA PRIVATE KEY` (PKCS#1), P-256 keys as `EC PRIVATE
//! KEY` (SEC1), Ed25519 as `PRIVATE KEY` (PKCS#8), DSA (L2048N256) as `DSA
//! PRIVATE KEY`; certificates with a random
//! 128-bit serial, the common name as subject, the given IPs and DNS names,
//! valid from now for the given days, key usages `keyEncipherment` and
//! `digitalSignature` (plus `keyCertSign` and CA basic constraints for a CA),
//! extended key usages server and client auth. They return a `certificate`
//! with `Cert` and `Key` fields. The host gives the clock and the randomness
//! of serials and non-RSA keys, and hears of every call (except
//! `buildCustomCert`'s, which only checks and repeats its input but is listed
//! by Helm's tooling as random too). RSA keys come from AWS-LC (through
//! aws-lc-rs, seeded by the operating system): its prime search is as fast
//! as Go's, where the pure-Rust `rsa` crate's took several times longer, and
//! a chart's certificates dominated its rendering; they are made ahead on
//! spare cores ([`crate::gotemplate::keys`]). Keys are random either way, as
//! in Helm.

use std::net::IpAddr;
use std::rc::Rc;

use base64::Engine as _;
use rsa::pkcs1::{DecodeRsaPrivateKey as _, EncodeRsaPrivateKey as _};
use rsa::pkcs8::{DecodePrivateKey as _, EncodePrivateKey as _};

use super::sprig::b64_decode;
use super::{CallError, CallResult, Param, Table};
use crate::gotemplate::exec::Exec;
use crate::gotemplate::keys::{RsaKey, RsaSize};
use crate::gotemplate::value::{Elem, Value};
use crate::gotemplate::{Data, GoObject};

use Param::*;

/// Random bits from the host, for the key generators.
struct HostRng<'a, 'h>(&'a mut Exec<'h>);

impl rsa::rand_core::RngCore for HostRng<'_, '_> {
    fn next_u32(&mut self) -> u32 {
        self.0.host.random_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0.host.random_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let r = self.0.host.random_u64().to_le_bytes();
            chunk.copy_from_slice(&r[..chunk.len()]);
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rsa::rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl rsa::rand_core::CryptoRng for HostRng<'_, '_> {}

/// A private key as sprig holds it.
enum Key {
    /// An RSA key as PKCS#1 DER (what Go's `MarshalPKCS1PrivateKey` writes
    /// and sprig puts in its PEM) and as PKCS#8 DER (what rcgen reads).
    Rsa {
        pkcs1: Vec<u8>,
        pkcs8: Vec<u8>,
    },
    Ec(p256::SecretKey),
    /// PKCS#8 DER.
    Ed25519(Vec<u8>),
}

impl Key {
    /// sprig's `pemBlockForKey`.
    fn pem(&self) -> Result<String, String> {
        match self {
            Key::Rsa { pkcs1, .. } => Ok(pem_encode("RSA PRIVATE KEY", pkcs1)),
            Key::Ec(k) => Ok(pem_encode("EC PRIVATE KEY", &sec1_der(k))),
            Key::Ed25519(der) => Ok(pem_encode("PRIVATE KEY", der)),
        }
    }

    /// The key for rcgen (which, with ring, reads PKCS#8).
    fn key_pair(&self) -> Result<rcgen::KeyPair, String> {
        let (der, alg) = match self {
            Key::Rsa { pkcs8, .. } => (pkcs8.clone(), &rcgen::PKCS_RSA_SHA256),
            Key::Ec(k) => (
                k.to_pkcs8_der()
                    .map_err(|e| e.to_string())?
                    .as_bytes()
                    .to_vec(),
                &rcgen::PKCS_ECDSA_P256_SHA256,
            ),
            Key::Ed25519(der) => (der.clone(), &rcgen::PKCS_ED25519),
        };
        rcgen::KeyPair::from_pkcs8_der_and_sign_algo(&der.as_slice().into(), alg)
            .map_err(|e| e.to_string())
    }

    /// sprig's `parsePrivateKeyPEM`.
    fn parse(text: &str) -> Result<Key, String> {
        let block = pem_decode(text).ok_or("no PEM data in input")?;
        match block.0.as_str() {
            "PRIVATE KEY" => {
                if let Ok(k) = rsa::RsaPrivateKey::from_pkcs8_der(&block.1) {
                    return Key::rsa(&k);
                }
                if let Ok(k) = p256::SecretKey::from_pkcs8_der(&block.1) {
                    return Ok(Key::Ec(k));
                }
                rcgen::KeyPair::from_pkcs8_der_and_sign_algo(
                    &block.1.as_slice().into(),
                    &rcgen::PKCS_ED25519,
                )
                .map(|_| Key::Ed25519(block.1.clone()))
                .map_err(|e| format!("decoding PEM as PKCS#8: {e}"))
            }
            "RSA PRIVATE KEY" => rsa::RsaPrivateKey::from_pkcs1_der(&block.1)
                .map_err(|e| format!("parsing RSA private key from PEM: {e}"))
                .and_then(|k| Key::rsa(&k)),
            "EC PRIVATE KEY" => p256::SecretKey::from_sec1_der(&block.1)
                .map(Key::Ec)
                .map_err(|e| format!("parsing EC private key from PEM: {e}")),
            "DSA PRIVATE KEY" => Err("DSA keys are not supported".into()),
            t if !t.ends_with(" PRIVATE KEY") => {
                Err(format!("no private key data in PEM block of type {t}"))
            }
            t => Err(format!("invalid private key type {t}")),
        }
    }

    /// A parsed RSA key, encoded again as Go encodes the keys it parsed.
    fn rsa(key: &rsa::RsaPrivateKey) -> Result<Key, String> {
        Ok(Key::Rsa {
            pkcs1: key
                .to_pkcs1_der()
                .map_err(|e| e.to_string())?
                .as_bytes()
                .to_vec(),
            pkcs8: key
                .to_pkcs8_der()
                .map_err(|e| e.to_string())?
                .as_bytes()
                .to_vec(),
        })
    }
}

/// Go's `MarshalECPrivateKey`: SEC1 with the curve's OID and the public
/// key (OpenSSL needs the OID to read the key on its own).
fn sec1_der(k: &p256::SecretKey) -> Vec<u8> {
    use p256::elliptic_curve::sec1::ToEncodedPoint as _;
    let mut der = vec![0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20];
    der.extend_from_slice(&k.to_bytes());
    der.extend_from_slice(&[
        0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0xa1, 0x44, 0x03,
        0x42, 0x00,
    ]);
    der.extend_from_slice(k.public_key().to_encoded_point(false).as_bytes());
    der
}

fn pem_encode(tag: &str, der: &[u8]) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(der);
    let mut out = format!("-----BEGIN {tag}-----\n");
    for line in b64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
        out.push('\n');
    }
    out.push_str(&format!("-----END {tag}-----\n"));
    out
}

/// The first PEM block: its type and contents.
fn pem_decode(text: &str) -> Option<(String, Vec<u8>)> {
    let start = text.find("-----BEGIN ")?;
    let rest = &text[start + 11..];
    let tag_end = rest.find("-----")?;
    let tag = &rest[..tag_end];
    let body_start = &rest[tag_end + 5..];
    let end = body_start.find(&format!("-----END {tag}-----"))?;
    let b64: String = body_start[..end]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let der = base64::engine::general_purpose::STANDARD.decode(b64).ok()?;
    Some((tag.to_string(), der))
}

/// A new RSA key of `size`, made ahead if the set's pool has one ready
/// (see [`crate::gotemplate::keys`]).
fn gen_rsa(ex: &Exec<'_>, size: RsaSize) -> Result<Key, String> {
    let RsaKey { pkcs1, pkcs8 } = ex.keys.key(size)?;
    Ok(Key::Rsa { pkcs1, pkcs8 })
}

/// sprig's `certificate`: the PEM certificate and key.
#[derive(Debug)]
pub(crate) struct Certificate {
    cert: String,
    key: String,
}

impl GoObject for Certificate {
    fn type_name(&self) -> &str {
        "sprig.certificate"
    }
    fn field(&self, name: &str) -> Option<Data> {
        match name {
            "Cert" => Some(Data::Json(self.cert.clone().into())),
            "Key" => Some(Data::Json(self.key.clone().into())),
            _ => None,
        }
    }
    fn display(&self) -> String {
        format!("{{{} {}}}", self.cert, self.key)
    }
    fn json(&self) -> serde_json::Value {
        serde_json::json!({"Cert": self.cert, "Key": self.key})
    }
}

fn certificate(cert: String, key: String) -> Value {
    Value::Object(Rc::new(Certificate { cert, key }))
}

/// A `[]interface {}` argument of strings (IPs or DNS names).
fn strings(v: &Value, what: &str) -> Result<Vec<String>, String> {
    match v {
        Value::Nil | Value::Invalid => Ok(Vec::new()),
        Value::List(items, Elem::Any) => items
            .iter()
            .map(|i| match i {
                Value::Str(s) => Ok(s.to_string()),
                _ => Err(format!(
                    "error processing {what} {}",
                    crate::gotemplate::fmt::value_string(i)
                )),
            })
            .collect(),
        other => Err(format!(
            "wrong type for value; expected []interface {{}}; got {}",
            other.type_name()
        )),
    }
}

struct Request<'a> {
    cn: &'a str,
    ips: Vec<IpAddr>,
    dns: Vec<String>,
    days: i64,
    ca: bool,
}

fn request<'a>(cn: &'a str, ips: &Value, dns: &Value, days: &Value) -> Result<Request<'a>, String> {
    let ips = strings(ips, "ip")?
        .iter()
        .map(|s| {
            s.parse::<IpAddr>()
                .map_err(|_| format!("error parsing ip: {s}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Request {
        cn,
        ips,
        dns: strings(dns, "alternate dns")?,
        days: match days {
            Value::Int(i) | Value::Int64(i) => *i,
            _ => 0,
        },
        ca: false,
    })
}

fn params(ex: &mut Exec<'_>, r: &Request<'_>) -> Result<rcgen::CertificateParams, String> {
    let mut p = rcgen::CertificateParams::default();
    let mut serial = [0u8; 16];
    rsa::rand_core::RngCore::fill_bytes(&mut HostRng(ex), &mut serial);
    p.serial_number = Some(rcgen::SerialNumber::from_slice(&serial));
    let mut dn = rcgen::DistinguishedName::new();
    dn.push(rcgen::DnType::CommonName, r.cn);
    p.distinguished_name = dn;
    p.subject_alt_names = r
        .dns
        .iter()
        .map(|d| {
            d.clone()
                .try_into()
                .map(rcgen::SanType::DnsName)
                .map_err(|e: rcgen::Error| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    p.subject_alt_names
        .extend(r.ips.iter().map(|ip| rcgen::SanType::IpAddress(*ip)));
    let (secs, nanos) = ex.host.now();
    let now = time_from(secs, nanos)?;
    p.not_before = now;
    p.not_after = now + std::time::Duration::from_secs(86400 * r.days.max(0) as u64);
    p.key_usages = vec![
        rcgen::KeyUsagePurpose::KeyEncipherment,
        rcgen::KeyUsagePurpose::DigitalSignature,
    ];
    p.extended_key_usages = vec![
        rcgen::ExtendedKeyUsagePurpose::ServerAuth,
        rcgen::ExtendedKeyUsagePurpose::ClientAuth,
    ];
    if r.ca {
        p.key_usages.push(rcgen::KeyUsagePurpose::KeyCertSign);
        p.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    } else {
        p.is_ca = rcgen::IsCa::ExplicitNoCa;
    }
    Ok(p)
}

fn time_from(secs: i64, nanos: u32) -> Result<time::OffsetDateTime, String> {
    time::OffsetDateTime::from_unix_timestamp(secs)
        .map(|t| t + std::time::Duration::from_nanos(nanos as u64))
        .map_err(|e| e.to_string())
}

/// A self-signed certificate (a CA when `r.ca`) for `key`.
fn self_signed(ex: &mut Exec<'_>, r: &Request<'_>, key: Key) -> CallResult {
    let p = params(ex, r)?;
    let kp = key.key_pair()?;
    let cert = p
        .self_signed(&kp)
        .map_err(|e| format!("error creating certificate: {e}"))?;
    Ok(certificate(cert.pem(), key.pem()?))
}

/// A certificate for `key` signed by the CA `ca` (a `certificate`).
fn signed(ex: &mut Exec<'_>, r: &Request<'_>, ca: &Value, key: Key) -> CallResult {
    let Value::Object(o) = ca else {
        return Err(format!(
            "wrong type for value; expected sprig.certificate; got {}",
            ca.type_name()
        )
        .into());
    };
    if o.type_name() != "sprig.certificate" {
        return Err(format!(
            "wrong type for value; expected sprig.certificate; got {}",
            o.type_name()
        )
        .into());
    }
    let field = |n: &str| match o.field(n) {
        Some(Data::Json(serde_json::Value::String(s))) => s,
        _ => String::new(),
    };
    let (ca_cert, ca_key) = (field("Cert"), field("Key"));
    if pem_decode(&ca_cert).is_none() {
        return Err("unable to decode certificate".into());
    }
    if pem_decode(&ca_key).is_none() {
        return Err("unable to decode key".into());
    }
    let signer = Key::parse(&ca_key)
        .map_err(|e| format!("error parsing private key: {e}"))?
        .key_pair()?;
    let issuer = rcgen::Issuer::from_ca_cert_pem(&ca_cert, signer)
        .map_err(|e| format!("error parsing certificate: {e}"))?;
    let p = params(ex, r)?;
    let kp = key.key_pair()?;
    let cert = p
        .signed_by(&kp, &issuer)
        .map_err(|e| format!("error creating certificate: {e}"))?;
    Ok(certificate(cert.pem(), key.pem()?))
}

fn key_arg(v: &Value) -> Result<Key, CallError> {
    Key::parse(v.as_str().unwrap_or_default())
        .map_err(|e| CallError::Msg(format!("parse private key: {e}")))
}

fn str_arg(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// sprig's `genPrivateKey`: errors are returned as the result, as sprig does.
fn gen_private_key(ex: &mut Exec<'_>, kind: &str) -> String {
    let key = match kind {
        "" | "rsa" => gen_rsa(ex, RsaSize::Bits4096),
        "ecdsa" => Ok(Key::Ec(p256::SecretKey::random(&mut HostRng(ex)))),
        "ed25519" => {
            let mut seed = [0u8; 32];
            rsa::rand_core::RngCore::fill_bytes(&mut HostRng(ex), &mut seed);
            Ok(Key::Ed25519(ed25519_pkcs8(&seed)))
        }
        "dsa" => {
            let mut rng = HostRng(ex);
            let components = dsa::Components::generate(&mut rng, dsa::KeySize::DSA_2048_256);
            let key = dsa::SigningKey::generate(&mut rng, components);
            return pem_encode("DSA PRIVATE KEY", &dsa_der(&key));
        }
        other => return format!("Unknown type {other}"),
    };
    match key.and_then(|k| k.pem()) {
        Ok(p) => p,
        Err(e) => format!("failed to generate private key: {e}"),
    }
}

/// sprig's `DSAKeyFormat`: SEQUENCE { version 0, P, Q, G, Y, X }.
fn dsa_der(key: &dsa::SigningKey) -> Vec<u8> {
    fn len(n: usize, out: &mut Vec<u8>) {
        if n < 0x80 {
            out.push(n as u8);
        } else {
            let b = n.to_be_bytes();
            let b = &b[b.iter().position(|&x| x != 0).unwrap_or(b.len() - 1)..];
            out.push(0x80 | b.len() as u8);
            out.extend_from_slice(b);
        }
    }
    fn int(be: &[u8], out: &mut Vec<u8>) {
        let be = &be[be
            .iter()
            .position(|&x| x != 0)
            .unwrap_or(be.len().saturating_sub(1))..];
        let pad = be.first().is_none_or(|&b| b & 0x80 != 0);
        out.push(0x02);
        len(be.len() + usize::from(pad), out);
        if pad {
            out.push(0);
        }
        out.extend_from_slice(be);
    }
    let vk = key.verifying_key();
    let c = vk.components();
    let mut body = Vec::new();
    int(&[0], &mut body);
    for n in [c.p(), c.q(), c.g(), vk.y(), key.x()] {
        int(&n.to_bytes_be(), &mut body);
    }
    let mut der = vec![0x30];
    len(body.len(), &mut der);
    der.extend(body);
    der
}

/// Go's `MarshalPKCS8PrivateKey` of an Ed25519 seed (RFC 8410, version 1).
fn ed25519_pkcs8(seed: &[u8; 32]) -> Vec<u8> {
    let mut der = vec![
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04,
        0x20,
    ];
    der.extend_from_slice(seed);
    der
}

/// sprig's `buildCustomCert`: checks a base64 PEM certificate and RSA key.
fn build_custom_cert(b64cert: &str, b64key: &str) -> CallResult {
    let cert = b64_decode(b64cert).map_err(|_| "unable to decode base64 certificate")?;
    let key = b64_decode(b64key).map_err(|_| "unable to decode base64 private key")?;
    let cert = String::from_utf8_lossy(&cert).into_owned();
    let key = String::from_utf8_lossy(&key).into_owned();
    let (_, der) = pem_decode(&cert).ok_or("unable to decode certificate")?;
    x509_parser::parse_x509_certificate(&der)
        .map_err(|e| format!("error parsing certificate: decodedCert.Bytes: {e}"))?;
    Key::parse(&key).map_err(|e| format!("error parsing private key: {e}"))?;
    Ok(certificate(cert, key))
}

pub(super) fn register(t: &mut Table) {
    t.add("genPrivateKey", &[Str], |ex, _, a| {
        Ok(Value::str(gen_private_key(ex, str_arg(&a[0]))))
    });
    t.add("genCA", &[Str, Int], |ex, _, a| {
        let mut r = request(str_arg(&a[0]), &Value::Nil, &Value::Nil, &a[1])?;
        r.ca = true;
        let key = gen_rsa(ex, RsaSize::Bits2048)?;
        self_signed(ex, &r, key)
    });
    t.add("genCAWithKey", &[Str, Int, Str], |ex, _, a| {
        let mut r = request(str_arg(&a[0]), &Value::Nil, &Value::Nil, &a[1])?;
        r.ca = true;
        self_signed(ex, &r, key_arg(&a[2])?)
    });
    t.add("genSelfSignedCert", &[Str, Any, Any, Int], |ex, _, a| {
        let r = request(str_arg(&a[0]), &a[1], &a[2], &a[3])?;
        let key = gen_rsa(ex, RsaSize::Bits2048)?;
        self_signed(ex, &r, key)
    });
    t.add(
        "genSelfSignedCertWithKey",
        &[Str, Any, Any, Int, Str],
        |ex, _, a| {
            let r = request(str_arg(&a[0]), &a[1], &a[2], &a[3])?;
            self_signed(ex, &r, key_arg(&a[4])?)
        },
    );
    t.add("genSignedCert", &[Str, Any, Any, Int, Any], |ex, _, a| {
        let r = request(str_arg(&a[0]), &a[1], &a[2], &a[3])?;
        let key = gen_rsa(ex, RsaSize::Bits2048)?;
        signed(ex, &r, &a[4], key)
    });
    t.add(
        "genSignedCertWithKey",
        &[Str, Any, Any, Int, Any, Str],
        |ex, _, a| {
            let r = request(str_arg(&a[0]), &a[1], &a[2], &a[3])?;
            let key = key_arg(&a[5])?;
            signed(ex, &r, &a[4], key)
        },
    );
    t.add("buildCustomCert", &[Str, Str], |_, _, a| {
        build_custom_cert(str_arg(&a[0]), str_arg(&a[1]))
    });
}

#[cfg(test)]
mod tests {
    use crate::gotemplate::{DefaultHost, Options, Templates, render_alone};
    use std::process::Command;

    fn render(text: &str) -> (String, Vec<String>) {
        let (out, calls) = render_alone("t.yaml", text);
        let out = out.unwrap_or_else(|e| panic!("{text}: {e}"));
        (out, calls.into_iter().map(|c| c.0).collect())
    }

    fn openssl(args: &[&str]) -> String {
        let out = Command::new("openssl")
            .args(args)
            .output()
            .expect("openssl");
        assert!(
            out.status.success(),
            "openssl {args:?}: {} {:?}",
            String::from_utf8_lossy(&out.stderr),
            args.last().map(std::fs::read_to_string)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The public key of a certificate and of a private key, as OpenSSL sees them.
    fn same_key(dir: &std::path::Path, cert: &str, key: &str) {
        let (c, k) = (dir.join("c.pem"), dir.join("k.pem"));
        std::fs::write(&c, cert).unwrap();
        std::fs::write(&k, key).unwrap();
        let from_cert = openssl(&["x509", "-noout", "-pubkey", "-in", c.to_str().unwrap()]);
        let from_key = openssl(&["pkey", "-pubout", "-in", k.to_str().unwrap()]);
        assert_eq!(from_cert, from_key);
    }

    #[test]
    fn a_generated_ca_verifies_the_certificates_it_signs() {
        let dir = tempfile::tempdir().unwrap();
        let (out, calls) = render(
            r#"{{ $ca := genCA "my-ca" 365 }}{{ $c := genSignedCert "svc" (list "10.0.0.1") (list "svc.example" "svc") 30 $ca }}{{ $k := genPrivateKey "ecdsa" }}{{ $c2 := genSignedCertWithKey "other" nil nil 1 $ca $k }}{{ $ca.Cert }}|{{ $ca.Key }}|{{ $c.Cert }}|{{ $c.Key }}|{{ $c2.Cert }}|{{ $k }}|{{ $c2.Key }}|{{ typeOf $ca }}"#,
        );
        assert_eq!(
            calls,
            [
                "genCA",
                "genSignedCert",
                "genPrivateKey",
                "genSignedCertWithKey"
            ]
        );
        let p: Vec<&str> = out.split('|').collect();
        assert!(
            p[1].starts_with("-----BEGIN RSA PRIVATE KEY-----\n"),
            "{}",
            p[1]
        );
        assert!(
            p[5].starts_with("-----BEGIN EC PRIVATE KEY-----\n"),
            "{}",
            p[5]
        );
        assert_eq!(p[5], p[6]);
        assert_eq!(p[7], "sprig.certificate");
        let ca = dir.path().join("ca.pem");
        std::fs::write(&ca, p[0]).unwrap();
        for cert in [p[2], p[4]] {
            let c = dir.path().join("leaf.pem");
            std::fs::write(&c, cert).unwrap();
            let ok = openssl(&[
                "verify",
                "-CAfile",
                ca.to_str().unwrap(),
                c.to_str().unwrap(),
            ]);
            assert!(ok.trim_end().ends_with(": OK"), "{ok}");
        }
        same_key(dir.path(), p[0], p[1]);
        same_key(dir.path(), p[2], p[3]);
        same_key(dir.path(), p[4], p[6]);
        let c = dir.path().join("leaf.pem");
        std::fs::write(&c, p[2]).unwrap();
        let text = openssl(&["x509", "-noout", "-text", "-in", c.to_str().unwrap()]);
        for want in [
            "Subject: CN = svc",
            "Issuer: CN = my-ca",
            "DNS:svc.example",
            "DNS:svc",
            "IP Address:10.0.0.1",
            "TLS Web Server Authentication, TLS Web Client Authentication",
            "Digital Signature, Key Encipherment",
            "CA:FALSE",
        ] {
            assert!(text.contains(want), "{want} in {text}");
        }
        std::fs::write(&c, p[0]).unwrap();
        let text = openssl(&["x509", "-noout", "-text", "-in", c.to_str().unwrap()]);
        assert!(
            text.contains("CA:TRUE") && text.contains("Certificate Sign"),
            "{text}"
        );
        assert!(text.contains("Public-Key: (2048 bit)"), "{text}");
    }

    #[test]
    fn self_signed_certificates_and_keys_of_every_kind() {
        let dir = tempfile::tempdir().unwrap();
        let (out, _) = render(
            r#"{{ $k := genPrivateKey "ed25519" }}{{ $c := genSelfSignedCertWithKey "me" (list "::1") (list "me.example") 10 $k }}{{ $s := genSelfSignedCert "plain" nil nil 10 }}{{ $e := genPrivateKey "ecdsa" }}{{ $ca := genCAWithKey "eca" 5 $e }}{{ $c.Cert }}|{{ $c.Key }}|{{ $k }}|{{ $s.Cert }}|{{ $s.Key }}|{{ $ca.Cert }}|{{ $ca.Key }}|{{ genPrivateKey "nope" }}"#,
        );
        let p: Vec<&str> = out.split('|').collect();
        assert!(p[2].starts_with("-----BEGIN PRIVATE KEY-----\n"));
        assert_eq!(p[1], p[2]);
        same_key(dir.path(), p[0], p[1]);
        same_key(dir.path(), p[3], p[4]);
        same_key(dir.path(), p[5], p[6]);
        assert_eq!(p[7], "Unknown type nope");
        for cert in [p[0], p[3], p[5]] {
            let c = dir.path().join("self.pem");
            std::fs::write(&c, cert).unwrap();
            let ok = openssl(&[
                "verify",
                "-CAfile",
                c.to_str().unwrap(),
                c.to_str().unwrap(),
            ]);
            // Leaf certificates are not CAs, but their signature checks out.
            assert!(
                ok.contains(": OK") || !ok.contains("signature failure"),
                "{ok}"
            );
        }
        let (dsa, _) = render(r#"{{ genPrivateKey "dsa" }}"#);
        assert!(dsa.starts_with("-----BEGIN DSA PRIVATE KEY-----\n"));
        let k = dir.path().join("dsa.pem");
        std::fs::write(&k, &dsa).unwrap();
        let text = openssl(&["dsa", "-noout", "-text", "-in", k.to_str().unwrap()]);
        assert!(text.contains("2048 bit"), "{text}");
        let (rsa, _) = render(r#"{{ genPrivateKey "rsa" }}"#);
        let k = dir.path().join("rsa.pem");
        std::fs::write(&k, &rsa).unwrap();
        assert!(rsa.starts_with("-----BEGIN RSA PRIVATE KEY-----\n"));
        let text = openssl(&["pkey", "-noout", "-text", "-in", k.to_str().unwrap()]);
        assert!(text.contains("4096 bit"), "{text}");
    }

    #[test]
    fn build_custom_cert_checks_and_returns_its_input() {
        let (out, _) = render(
            r#"{{ $ca := genCA "x" 1 }}{{ $b := buildCustomCert (b64enc $ca.Cert) (b64enc $ca.Key) }}{{ eq $b.Cert $ca.Cert }} {{ eq $b.Key $ca.Key }}"#,
        );
        assert_eq!(out, "true true");
        let mut set = Templates::new();
        set.add(
            "t.yaml",
            r#"{{ buildCustomCert (b64enc "nope") (b64enc "nope") }}"#,
        )
        .unwrap();
        let err = set
            .render(
                "t.yaml",
                &serde_json::json!({}),
                &Options::default(),
                &mut DefaultHost::default(),
            )
            .unwrap_err();
        assert!(
            err.to_string().contains("unable to decode certificate"),
            "{err}"
        );
        set.add(
            "u.yaml",
            r#"{{ genSignedCert "a" (list 1) nil 1 (genCA "x" 1) }}"#,
        )
        .unwrap();
        assert!(
            set.render(
                "u.yaml",
                &serde_json::json!({}),
                &Options::default(),
                &mut DefaultHost::default()
            )
            .is_err()
        );
    }
}
