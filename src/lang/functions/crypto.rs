//! Hash and crypto functions: digests of strings and files, bcrypt,
//! UUIDs and `rsadecrypt`.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::filesystem::{io_message, joined_path, resolve_path};
use super::{Call, Function, FunctionError, Param, Ret};
use crate::lang::value::{Type, Value};

#[derive(Clone, Copy)]
enum Algo {
    Md5,
    Sha1,
    Sha256,
    Sha512,
}

fn digest(algo: Algo, data: &[u8]) -> Vec<u8> {
    match algo {
        Algo::Md5 => Md5::digest(data).to_vec(),
        Algo::Sha1 => Sha1::digest(data).to_vec(),
        Algo::Sha256 => Sha256::digest(data).to_vec(),
        Algo::Sha512 => Sha512::digest(data).to_vec(),
    }
}

/// Go's `bcrypt.DefaultCost`, which Terraform uses (the Rust crate's
/// default is higher).
const GO_DEFAULT_COST: i64 = 10;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The crypto functions' entries in the registry.
pub(super) fn functions() -> Vec<Function> {
    let text = Param::string;
    let hash = |name: &'static str, param| {
        Function::new(name, vec![text(param)], Ret::Fixed(Type::String), hashing).wholly_known()
    };
    vec![
        hash("md5", "str"),
        hash("sha1", "str"),
        hash("sha256", "str"),
        hash("sha512", "str"),
        hash("base64sha256", "str"),
        hash("base64sha512", "str"),
        hash("filemd5", "path"),
        hash("filesha1", "path"),
        hash("filesha256", "path"),
        hash("filesha512", "path"),
        hash("filebase64sha256", "path"),
        hash("filebase64sha512", "path"),
        Function::new(
            "bcrypt",
            vec![text("str")],
            Ret::Fixed(Type::String),
            bcrypt_hash,
        )
        .wholly_known()
        .variadic(Param::number("cost")),
        Function::new("uuid", vec![], Ret::Fixed(Type::String), |c, _| {
            Ok(if c.ctx.plan {
                Value::Unknown(Type::String, None)
            } else {
                Value::String(uuid::Uuid::new_v4().to_string())
            })
        }),
        Function::new(
            "uuidv5",
            vec![text("namespace"), text("name")],
            Ret::Fixed(Type::String),
            uuidv5,
        )
        .wholly_known(),
        Function::new(
            "rsadecrypt",
            vec![text("ciphertext"), text("privatekey")],
            Ret::Fixed(Type::String),
            |c, _| rsadecrypt(c),
        )
        .wholly_known(),
    ]
}

fn hashing(a: &Call, _: &Type) -> Result<Value, FunctionError> {
    let (name, ctx) = (a.name, a.ctx);
    // (algorithm, base64 rather than hex, reads a file)
    let (algo, b64, from_file) = match name {
        "md5" => (Algo::Md5, false, false),
        "sha1" => (Algo::Sha1, false, false),
        "sha256" => (Algo::Sha256, false, false),
        "sha512" => (Algo::Sha512, false, false),
        "base64sha256" => (Algo::Sha256, true, false),
        "base64sha512" => (Algo::Sha512, true, false),
        "filemd5" => (Algo::Md5, false, true),
        "filesha1" => (Algo::Sha1, false, true),
        "filesha256" => (Algo::Sha256, false, true),
        "filesha512" => (Algo::Sha512, false, true),
        "filebase64sha256" => (Algo::Sha256, true, true),
        _ => (Algo::Sha512, true, true),
    };
    let text = a.str(0);
    let data = if from_file {
        let path = resolve_path(ctx, text)?;
        ctx.files.read(&path).map_err(|e| {
            let shown = super::shown(&joined_path(ctx, text));
            let op = if e.kind() == std::io::ErrorKind::IsADirectory {
                "read"
            } else {
                "open"
            };
            FunctionError::call(name, format!("{op} {shown}: {}", io_message(&e)))
        })?
    } else {
        text.as_bytes().to_vec()
    };
    let sum = digest(algo, &data);
    Ok(Value::String(if b64 {
        STANDARD.encode(sum)
    } else {
        hex(&sum)
    }))
}

fn bcrypt_hash(a: &Call, _: &Type) -> Result<Value, FunctionError> {
    let name = a.name;
    if a.args.len() > 2 {
        return Err(FunctionError::call(
            name,
            "bcrypt() takes no more than two arguments",
        ));
    }
    if a.ctx.plan {
        // A fresh salt each time: only known once applied.
        return Ok(Value::Unknown(Type::String, None));
    }
    let password = a.str(0);
    let cost = if a.args.len() > 1 {
        a.int(1)?
    } else {
        GO_DEFAULT_COST
    };
    // Go's bcrypt quietly raises too-low costs to the default.
    let cost = if cost < 4 { GO_DEFAULT_COST } else { cost };
    let fail =
        |m: String| FunctionError::call(name, format!("error occured generating password {m}"));
    if cost > 31 {
        return Err(fail(format!(
            "crypto/bcrypt: cost {cost} is outside allowed range (4,31)"
        )));
    }
    if password.len() > 72 {
        return Err(fail("bcrypt: password length exceeds 72 bytes".into()));
    }
    let parts = bcrypt::hash_with_result(password.as_bytes(), cost as u32)
        .map_err(|e| fail(e.to_string()))?;
    Ok(Value::String(
        parts.format_for_version(bcrypt::Version::TwoA),
    ))
}

fn uuidv5(a: &Call, _: &Type) -> Result<Value, FunctionError> {
    let ns_text = a.str(0);
    let ns = match ns_text {
        "dns" => uuid::Uuid::NAMESPACE_DNS,
        "url" => uuid::Uuid::NAMESPACE_URL,
        "oid" => uuid::Uuid::NAMESPACE_OID,
        "x500" => uuid::Uuid::NAMESPACE_X500,
        other => parse_uuid(other).map_err(|why| {
            FunctionError::call(
                a.name,
                format!(
                    "uuidv5() doesn't support namespace {} ({why})",
                    super::shown(other)
                ),
            )
        })?,
    };
    Ok(Value::String(
        uuid::Uuid::new_v5(&ns, a.str(1).as_bytes()).to_string(),
    ))
}

/// Decrypts PKCS #1 v1.5 ciphertext with a PEM private key (PKCS #1 or
/// PKCS #8), as Terraform's `rsadecrypt` does.
fn rsadecrypt(a: &Call) -> Result<Value, FunctionError> {
    use rsa::pkcs1::DecodeRsaPrivateKey;
    use rsa::pkcs8::DecodePrivateKey;
    let ciphertext = a.str(0);
    let key_text = a.str(1);
    let bytes = super::encoding::go_base64_decode(ciphertext).map_err(|_| {
        let shown = super::quote(ciphertext);
        FunctionError::arg(
            0,
            "ciphertext",
            format!("failed to decode input {shown}: cipher text must be base64-encoded"),
        )
    })?;
    let key_err = |m: String| FunctionError::arg(1, "privatekey", m);
    // The PEM block's label decides the format, as Go's ssh package has it.
    let label = key_text
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("-----BEGIN ")
                .and_then(|r| r.strip_suffix("-----"))
        })
        .ok_or_else(|| key_err("invalid private key: ssh: no key found".into()))?;
    let key = match label {
        "RSA PRIVATE KEY" => rsa::PrivateKey::from_pkcs1_pem(key_text.trim())
            .map_err(|e| key_err(format!("invalid ASN1 data in the given private key: {e}")))?,
        "PRIVATE KEY" => rsa::PrivateKey::from_pkcs8_pem(key_text.trim()).map_err(|e| match e {
            rsa::pkcs8::Error::KeyMalformed(_) | rsa::pkcs8::Error::Asn1(_) => {
                key_err(format!("invalid ASN1 data in the given private key: {e}"))
            }
            _ => key_err("invalid private key type".into()),
        })?,
        "EC PRIVATE KEY" | "DSA PRIVATE KEY" => {
            return Err(key_err("invalid private key type".into()));
        }
        "OPENSSH PRIVATE KEY" => {
            return Err(key_err(
                "invalid private key: OpenSSH-format keys are not supported by minimod".into(),
            ));
        }
        other => {
            return Err(key_err(format!(
                "invalid private key: ssh: unsupported key type {}",
                super::encoding::quote(other)
            )));
        }
    };
    let plain = key.decrypt(rsa::Pkcs1v15Encrypt, &bytes).map_err(|_| {
        FunctionError::call(
            "rsadecrypt",
            "failed to decrypt: crypto/rsa: decryption error",
        )
    })?;
    Ok(Value::String(String::from_utf8_lossy(&plain).into_owned()))
}

/// Parses a UUID in the forms Go's google/uuid accepts, failing with its
/// wording.
fn parse_uuid(s: &str) -> Result<uuid::Uuid, String> {
    match s.len() {
        32 | 36 | 38 | 45 => {
            uuid::Uuid::parse_str(s).map_err(|_| "invalid UUID format".to_string())
        }
        n => Err(format!("invalid UUID length: {n}")),
    }
}

#[cfg(test)]
mod tests {
    // What terraform answers lives in the expression corpus
    // (tests/corpus/expressions/crypto_cases.exprs); these are what it cannot
    // show (types, files, planning, marks).
    use super::super::FunctionContext;
    use super::*;
    use std::path::Path;

    fn run_in(
        dir: &Path,
        plan: bool,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Value, FunctionError> {
        let ctx = FunctionContext {
            base_dir: dir,
            plan,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        };
        super::super::call(name, args, &ctx)
    }

    fn run(name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        run_in(Path::new("."), false, name, args)
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    /// A throwaway P-256 key, PKCS#8 PEM.
    const EC_PKCS8: &str = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg0eEQq0uwj3JwyoJQ\nw3m7P+tIMPv+mQDIsu02cVXX6oKhRANCAAQpmALI4CeKe4ZxNP8mxI1kTSjq2P96\n7opCYMcQxo23Bc7v1lMen6bA3o7eWAmD7gpWTO+OGmQ0q4PtvetdxoAJ\n-----END PRIVATE KEY-----\n";

    /// Every other rsadecrypt answer is recorded in crypto_cases.exprs. For
    /// a key that is not RSA terraform prints the key's Go value after
    /// "type" (its private numbers and memory addresses),
    /// which a recording cannot hold and which must not be printed.
    #[test]
    fn rsadecrypt_rejects_other_key_types_without_printing_them() {
        let err = run("rsadecrypt", vec![s("aGVsbG8="), s(EC_PKCS8)]).unwrap_err();
        assert_eq!(
            err.detail,
            "Invalid value for \"privatekey\" parameter: invalid private key type."
        );
    }

    #[test]
    fn bcrypt_and_uuid_are_unknown_while_planning() {
        let here = Path::new(".");
        assert_eq!(
            run_in(here, true, "uuid", vec![]),
            Ok(Value::Unknown(Type::String, None))
        );
        assert_eq!(
            run_in(here, true, "bcrypt", vec![s("x")]),
            Ok(Value::Unknown(Type::String, None))
        );
        assert_eq!(
            run_in(here, true, "bcrypt", vec![s("x").mark()]),
            Ok(Value::Unknown(Type::String, None).mark())
        );
    }

    #[test]
    fn bcrypt_and_uuid_produce_real_values_when_applying() {
        // terraform printed e.g. "$2a$05$QO69...": version 2a, the cost given.
        let hash = run("bcrypt", vec![s("secret"), s("5")]).unwrap();
        let hash = hash.as_str().unwrap();
        assert!(hash.starts_with("$2a$05$"), "{hash}");
        assert!(bcrypt::verify("secret", hash).unwrap());
        // terraform: a cost below 4 falls back to 10.
        let low = run("bcrypt", vec![s("x"), Value::int(3)]).unwrap();
        assert!(low.as_str().unwrap().starts_with("$2a$10$"));
        let id = run("uuid", vec![]).unwrap();
        let id = id.as_str().unwrap();
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
        assert_ne!(run("uuid", vec![]).unwrap().as_str().unwrap(), id);
    }

    #[test]
    fn sensitive_and_unknown_arguments() {
        assert_eq!(
            run("md5", vec![s("hi").mark()]),
            Ok(s("49f68a5c8493ec2c0bf489821c21fc3b").mark())
        );
        assert_eq!(
            run("sha256", vec![Value::Unknown(Type::String, None)]),
            Ok(Value::Unknown(Type::String, None))
        );
    }
}
