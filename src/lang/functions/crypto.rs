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
        let path = resolve_path(ctx, &text)?;
        std::fs::read(&path).map_err(|e| {
            let shown = joined_path(ctx.base_dir, &text);
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
                format!("uuidv5() doesn't support namespace {other} ({why})"),
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
    let bytes = super::encoding::go_base64_decode(&ciphertext).map_err(|_| {
        let shown = if a.sensitive() {
            "(sensitive value)".to_string()
        } else {
            super::encoding::quote(&ciphertext)
        };
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
        };
        super::super::call(name, args, &ctx)
    }

    fn run(name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        run_in(Path::new("."), false, name, args)
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    #[test]
    fn file_digests_match_terraform() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "hello\n").unwrap();
        let cases = [
            ("filemd5", "b1946ac92492d2347c6235b4d2611184"),
            (
                "filesha256",
                "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03",
            ),
            ("filesha1", "f572d396fae9206628714fb2ce00f72e94f2258f"),
            (
                "filebase64sha256",
                "WJG1tSLV3whtD/CxEPvZ0hu0/HFjrzTQgoai6Eb2vgM=",
            ),
            (
                "filebase64sha512",
                "58IrmUxZ2c8rSOVJseJGZmNgRZMNPafBrLKZ0cO3+TH5Sq5B7dosKyB6NuEPi8uNRSI+VIePWzFufOO2vAGWKQ==",
            ),
            (
                "filesha512",
                "e7c22b994c59d9cf2b48e549b1e24666636045930d3da7c1acb299d1c3b7f931f94aae41edda2c2b207a36e10f8bcb8d45223e54878f5b316e7ce3b6bc019629",
            ),
        ];
        for (name, want) in cases {
            assert_eq!(
                run_in(dir.path(), false, name, vec![s("a.txt")]),
                Ok(s(want)),
                "{name}"
            );
        }
    }

    #[test]
    fn errors_match_terraform() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let d = dir.path().display();
        // terraform (run with the files beside it) printed "read sub: ..."
        // and "open nope: ..."; the path shown is the one joined to the
        // module directory.
        let read_dir =
            format!("Call to function \"filemd5\" failed: read {d}/sub: is a directory.");
        let open_missing = format!(
            "Call to function \"filesha1\" failed: open {d}/nope: no such file or directory."
        );
        let cases: Vec<(&str, Vec<Value>, &str)> = vec![
            (
                "uuidv5",
                vec![s("foo"), s("x")],
                "Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace foo (invalid UUID length: 3).",
            ),
            (
                "uuidv5",
                vec![s("URL"), s("x")],
                "Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace URL (invalid UUID length: 3).",
            ),
            (
                "uuidv5",
                vec![s("6ba7b810-9dad-11d1-80b4-00c04fd430cz"), s("x")],
                "Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace 6ba7b810-9dad-11d1-80b4-00c04fd430cz (invalid UUID format).",
            ),
            (
                "bcrypt",
                vec![s("x"), Value::int(32)],
                "Call to function \"bcrypt\" failed: error occured generating password crypto/bcrypt: cost 32 is outside allowed range (4,31).",
            ),
            (
                "bcrypt",
                vec![s(&"a".repeat(80))],
                "Call to function \"bcrypt\" failed: error occured generating password bcrypt: password length exceeds 72 bytes.",
            ),
            (
                "bcrypt",
                vec![],
                "Function \"bcrypt\" expects at least 1 argument(s). Missing value for \"str\".",
            ),
            ("filemd5", vec![s("sub")], &read_dir),
            ("filesha1", vec![s("nope")], &open_missing),
            (
                "bcrypt",
                vec![s("x"), Value::Tuple(vec![Value::int(1)].into())],
                "Invalid value for \"cost\" parameter: number required.",
            ),
            (
                "bcrypt",
                vec![s("a"), s("b"), s("c")],
                "Invalid value for \"cost\" parameter: a number is required.",
            ),
        ];
        for (name, args, want) in cases {
            let err = run_in(dir.path(), false, name, args).expect_err(name);
            assert_eq!(err.detail, want, "{name}");
        }
    }

    /// A throwaway 1024-bit key made with `openssl genrsa`, in both PEM
    /// formats, and "secret text" encrypted to it with `openssl pkeyutl`.
    const RSA_PKCS1: &str = "-----BEGIN RSA PRIVATE KEY-----\nMIICWwIBAAKBgQC9P28O9glPOAROAwrYE8ZmoQTtXidgZyZ1jxD8x+YkpYnQbXvW\nrHwiJwl9L8nUrwdAmdzrTHKQSjquP3NwIILZE4Y6mfub1OWWHZs0/T6sPROhWbNj\nfFLqXa0jU3wTwYj39za1hD7Rceb9DXwCfdahx0tVX8bXDVtGPoeQndTevQIDAQAB\nAoGAcrHKNjAI7lkNytXvMYuyl6qI2O9SQAvj9CWT7w+bvKQTBR4FitKYnP45swRO\ndzbo108o4/Y+DJLgQ5Cy/sbFZY2ESnfqHus3kdWP56ujfJx0pIW9HnKCPBefR+h2\nJ1EYUDQycgUWS/k7mxgikUaV3O+j9osq87QAwp0bQDaK0GUCQQDkVDfAGesFCj1F\nmUrDPryAVFO2TtkPzUuPF6o6Smwexm420ANdiG8EfbVpt/bzl7VO3YN7AYY+JDc2\n5Ga1dxAjAkEA1C6+VHyAOapyRqe+d1ALEM4RzeUspB1RqGzo1DdY8Zt9nKAsaiqr\nd+M1oh40lsmT3tG/DaFxK+Uq39G93efTnwJANOE0UC8weOhYLGhGIlXDPk1JXe2A\n4+H939PxPrLBu5blK5idTuosG/QpMaTDcsLt4Kf4rWI6/uVQTEw1ZU1/1QJARXTL\nrwJWQwotgD121r2n8adTIrALTemfCmAkUxuPDP/WPYgdId+343XH37q9gkKYGg9U\n2BRp5HGO+FdDLLmvhwJAXssGXnzhkYeMGoZHD2V7iNg+jIn1Jt2VwCibrCvl2W8q\nJ9n5h9QGvyRxxMgGF5VkRO9WQA/bo46PxizK1bDeIQ==\n-----END RSA PRIVATE KEY-----\n";
    const RSA_PKCS8: &str = "-----BEGIN PRIVATE KEY-----\nMIICdQIBADANBgkqhkiG9w0BAQEFAASCAl8wggJbAgEAAoGBAL0/bw72CU84BE4D\nCtgTxmahBO1eJ2BnJnWPEPzH5iSlidBte9asfCInCX0vydSvB0CZ3OtMcpBKOq4/\nc3AggtkThjqZ+5vU5ZYdmzT9Pqw9E6FZs2N8UupdrSNTfBPBiPf3NrWEPtFx5v0N\nfAJ91qHHS1VfxtcNW0Y+h5Cd1N69AgMBAAECgYBysco2MAjuWQ3K1e8xi7KXqojY\n71JAC+P0JZPvD5u8pBMFHgWK0pic/jmzBE53NujXTyjj9j4MkuBDkLL+xsVljYRK\nd+oe6zeR1Y/nq6N8nHSkhb0ecoI8F59H6HYnURhQNDJyBRZL+TubGCKRRpXc76P2\niyrztADCnRtANorQZQJBAORUN8AZ6wUKPUWZSsM+vIBUU7ZO2Q/NS48XqjpKbB7G\nbjbQA12IbwR9tWm39vOXtU7dg3sBhj4kNzbkZrV3ECMCQQDULr5UfIA5qnJGp753\nUAsQzhHN5SykHVGobOjUN1jxm32coCxqKqt34zWiHjSWyZPe0b8NoXEr5Srf0b3d\n59OfAkA04TRQLzB46FgsaEYiVcM+TUld7YDj4f3f0/E+ssG7luUrmJ1O6iwb9Ckx\npMNywu3gp/itYjr+5VBMTDVlTX/VAkBFdMuvAlZDCi2APXbWvafxp1MisAtN6Z8K\nYCRTG48M/9Y9iB0h37fjdcffur2CQpgaD1TYFGnkcY74V0Msua+HAkBeywZefOGR\nh4wahkcPZXuI2D6MifUm3ZXAKJusK+XZbyon2fmH1Aa/JHHEyAYXlWRE71ZAD9uj\njo/GLMrVsN4h\n-----END PRIVATE KEY-----\n";
    const EC_PKCS8: &str = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg0eEQq0uwj3JwyoJQ\nw3m7P+tIMPv+mQDIsu02cVXX6oKhRANCAAQpmALI4CeKe4ZxNP8mxI1kTSjq2P96\n7opCYMcQxo23Bc7v1lMen6bA3o7eWAmD7gpWTO+OGmQ0q4PtvetdxoAJ\n-----END PRIVATE KEY-----\n";
    const CIPHERTEXT: &str = "r/l9ks+QFuKBuYbTNSXRjkLBz7B5gqqdWYZQBuO9wyJsdnAtuAP4yhGYNm8FldNC7BgQdXURnwnx6HdxPnqxhpgtL9s3k8SdwtEszASFXbZ/objVjq009hpAcVT1Aw4P79kGCiy2dgJ5u9qpMCwDFR9b7c/KICMhEX5/iw+cYGg=";

    #[test]
    fn rsadecrypt_matches_terraform() {
        // terraform: "secret text" with either key format.
        for key in [RSA_PKCS1, RSA_PKCS8] {
            assert_eq!(
                run("rsadecrypt", vec![s(CIPHERTEXT), s(key)]),
                Ok(s("secret text"))
            );
        }
        let cases: Vec<(Vec<Value>, &str)> = vec![
            (
                vec![s(CIPHERTEXT), s("nope")],
                "Invalid value for \"privatekey\" parameter: invalid private key: ssh: no key found.",
            ),
            // terraform also prints the Go value of the key after "type".
            (
                vec![s(CIPHERTEXT), s(EC_PKCS8)],
                "Invalid value for \"privatekey\" parameter: invalid private key type.",
            ),
            (
                vec![s("aGVsbG8="), s(RSA_PKCS1)],
                "Call to function \"rsadecrypt\" failed: failed to decrypt: crypto/rsa: decryption error.",
            ),
            (
                vec![s("x"), s(RSA_PKCS1)],
                "Invalid value for \"ciphertext\" parameter: failed to decode input \"x\": cipher text must be base64-encoded.",
            ),
        ];
        for (args, want) in cases {
            assert_eq!(run("rsadecrypt", args).unwrap_err().detail, want);
        }
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
