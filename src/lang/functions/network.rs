//! CIDR functions for IPv4 and IPv6: `cidrhost`, `cidrnetmask`,
//! `cidrsubnet` and `cidrsubnets`, with the arithmetic (and the corner
//! cases) of the go-cidr library Terraform uses.

use super::{Call, Function, FunctionError, Param, Ret};
use crate::lang::value::{Type, Value};

pub(super) fn functions() -> Vec<Function> {
    vec![
        Function::new(
            "cidrhost",
            vec![Param::string("prefix"), Param::number("hostnum")],
            Ret::Fixed(Type::String),
            |a, _| {
                let name = a.name;
                {
                    let host = a.integer(1)?;
                    // Shortest form, as Terraform prints a big whole number.
                    let shown = a.num(1).to_string();
                    let net = parse_cidr(a.str(0)).map_err(|m| FunctionError::call(name, m))?;
                    net.host(host, &shown)
                        .map(Value::String)
                        .map_err(|m| FunctionError::call(name, m))
                }
            },
        )
        .wholly_known(),
        Function::new(
            "cidrnetmask",
            vec![Param::string("prefix")],
            Ret::Fixed(Type::String),
            |a, _| {
                let name = a.name;
                {
                    let text = a.str(0);
                    let net = parse_cidr(text).map_err(|m| FunctionError::call(name, m))?;
                    if !net.is_v4() {
                        return Err(FunctionError::call(
                            name,
                            format!(
                                "IPv6 addresses cannot have a netmask: {}",
                                super::shown(text)
                            ),
                        ));
                    }
                    let mask = Ip {
                        bytes: net.bytes,
                        value: mask_bits(net.prefix, net.bits()),
                    };
                    Ok(Value::String(mask.to_string()))
                }
            },
        )
        .wholly_known(),
        Function::new(
            "cidrsubnet",
            vec![
                Param::string("prefix"),
                Param::number("newbits"),
                Param::number("netnum"),
            ],
            Ret::Fixed(Type::String),
            |a, _| {
                let name = a.name;
                {
                    let newbits = a.int(1)?;
                    let netnum = a.integer(2)?;
                    let net = parse_cidr(a.str(0)).map_err(|m| FunctionError::call(name, m))?;
                    net.subnet(newbits, netnum)
                        .map(Value::String)
                        .map_err(|m| FunctionError::call(name, m))
                }
            },
        )
        .wholly_known(),
        Function::new(
            "cidrsubnets",
            vec![Param::string("prefix")],
            Ret::Fixed(Type::List(Box::new(Type::String))),
            |a, _| cidrsubnets(a),
        )
        .wholly_known()
        .variadic(Param::number("newbits")),
    ]
}

/// An address as Go's `net.IP` holds it: 4 or 16 bytes, big-endian.
#[derive(Clone, Copy)]
struct Ip {
    bytes: u32,
    value: u128,
}

impl Ip {
    /// Whether Go's `To4` succeeds: a 4-byte address or a v4-mapped one.
    fn to4(&self) -> bool {
        self.bytes == 4 || (self.value >> 32) == 0xffff
    }
}

/// Go's `IP.String()`: dotted quads for IPv4 (and v4-mapped IPv6), RFC 5952
/// text otherwise.
impl std::fmt::Display for Ip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.to4() {
            let v = self.value as u32;
            return write!(
                f,
                "{}.{}.{}.{}",
                v >> 24,
                (v >> 16) & 0xff,
                (v >> 8) & 0xff,
                v & 0xff
            );
        }
        let groups: Vec<u16> = (0..8)
            .map(|i| (self.value >> (112 - 16 * i)) as u16)
            .collect();
        // The longest run of at least two zero groups becomes "::".
        let (mut best, mut best_len) = (usize::MAX, 1);
        let mut i = 0;
        while i < 8 {
            if groups[i] == 0 {
                let start = i;
                while i < 8 && groups[i] == 0 {
                    i += 1;
                }
                if i - start > best_len {
                    best = start;
                    best_len = i - start;
                }
            } else {
                i += 1;
            }
        }
        let mut out = String::new();
        let mut i = 0;
        while i < 8 {
            if i == best {
                out.push_str("::");
                i += best_len;
                continue;
            }
            if !out.is_empty() && !out.ends_with(':') {
                out.push(':');
            }
            out.push_str(&format!("{:x}", groups[i]));
            i += 1;
        }
        f.write_str(&out)
    }
}

/// A network: its (masked) address and prefix length.
#[derive(Clone, Copy)]
struct Net {
    bytes: u32,
    value: u128,
    prefix: u32,
}

fn width_mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// The netmask with `prefix` leading ones in an address of `bits` bits.
fn mask_bits(prefix: u32, bits: u32) -> u128 {
    let prefix = prefix.min(bits);
    if prefix == 0 {
        0
    } else {
        width_mask(bits) & !width_mask(bits - prefix)
    }
}

impl Net {
    fn bits(&self) -> u32 {
        self.bytes * 8
    }

    fn is_v4(&self) -> bool {
        Ip {
            bytes: self.bytes,
            value: self.value,
        }
        .to4()
    }

    fn cidr(&self) -> String {
        format!(
            "{}/{}",
            Ip {
                bytes: self.bytes,
                value: self.value
            },
            self.prefix
        )
    }

    /// go-cidr's `HostBig`.
    /// `shown` is the number as given, for the message.
    fn host(&self, num: i128, shown: &str) -> Result<String, String> {
        let host_len = self.bits() - self.prefix;
        let max: i128 = if host_len >= 127 {
            i128::MAX
        } else {
            (1i128 << host_len) - 1
        };
        let mut num = num;
        // Negative numbers count back from the last address.
        let (magnitude, shown) = if num < 0 {
            let m = -num - 1;
            num = max - m;
            (m, num.to_string())
        } else {
            (num, shown.to_string())
        };
        if magnitude > max {
            return Err(format!(
                "prefix of {} does not accommodate a host numbered {}",
                self.prefix,
                super::shown(&shown)
            ));
        }
        // go-cidr places the number within 32 bits for any address Go
        // considers IPv4, even a v4-mapped IPv6 one.
        let bitlength = if self.is_v4() { 32 } else { 128 };
        let shift = self.bits().saturating_sub(bitlength);
        Ok(insert(self.bytes, self.value, num, shift).to_string())
    }

    /// go-cidr's `SubnetBig`.
    fn subnet(&self, newbits: i64, num: i128) -> Result<String, String> {
        let new_prefix = self.prefix as i64 + newbits;
        if new_prefix > self.bits() as i64 {
            return Err(format!(
                "insufficient address space to extend prefix of {} by {newbits}",
                self.prefix
            ));
        }
        // Go's `uint64(1<<uint64(newBits)) - 1`, with its wrapping.
        let max_net = if (0..64).contains(&newbits) {
            (1u64 << newbits).wrapping_sub(1)
        } else {
            u64::MAX
        };
        // big.Int's Uint64: the low 64 bits of the magnitude.
        if (num.unsigned_abs() as u64) > max_net {
            return Err(format!(
                "prefix extension of {newbits} does not accommodate a subnet numbered {}",
                super::shown(&num.to_string())
            ));
        }
        let new_prefix = new_prefix.max(0) as u32;
        let ip = insert(self.bytes, self.value, num, self.bits() - new_prefix);
        Ok(Net {
            bytes: self.bytes,
            value: ip.value,
            prefix: new_prefix,
        }
        .cidr())
    }
}

/// go-cidr's `insertNumIntoIP`: ORs `num << shift` into the address with
/// big.Int semantics, so a negative number yields the magnitude of the
/// (negative) result, as Terraform then prints it.
fn insert(bytes: u32, value: u128, num: i128, shift: u32) -> Ip {
    let width = width_mask(bytes * 8);
    let shifted = if shift >= 128 {
        if num < 0 { u128::MAX } else { 0 }
    } else {
        (num << shift) as u128
    };
    let v = if num < 0 {
        let ored = value | shifted;
        (!ored).wrapping_add(1)
    } else {
        value | shifted
    };
    Ip {
        bytes,
        value: v & width,
    }
}

/// Parses CIDR notation as Terraform's copy of Go's `net.ParseCIDR` does
/// (leading zeros in IPv4 allowed), masking the address to the network.
fn parse_cidr(s: &str) -> Result<Net, String> {
    let bad = || {
        format!(
            "invalid CIDR expression: invalid CIDR address: {}",
            super::shown(s)
        )
    };
    let (addr, len) = s.split_once('/').ok_or_else(bad)?;
    let (bytes, value) = match parse_ipv4(addr) {
        Some(v) => (4, v as u128),
        None => (
            16,
            u128::from(addr.parse::<std::net::Ipv6Addr>().map_err(|_| bad())?),
        ),
    };
    if len.is_empty() || !len.bytes().all(|b| b.is_ascii_digit()) || len.len() > 3 {
        return Err(bad());
    }
    let prefix: u32 = len.parse().map_err(|_| bad())?;
    if prefix > bytes * 8 {
        return Err(bad());
    }
    Ok(Net {
        bytes,
        value: value & mask_bits(prefix, bytes * 8),
        prefix,
    })
}

fn parse_ipv4(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut v = 0u32;
    for p in parts {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if n > 255 {
            return None;
        }
        v = (v << 8) | n;
    }
    Some(v)
}

/// Consecutive subnets of the given extra prefix lengths, each after the
/// last, as Terraform's `cidrsubnets` lays them out.
fn cidrsubnets(a: &Call) -> Result<Value, FunctionError> {
    let net = parse_cidr(a.str(0)).map_err(|m| FunctionError::arg(0, "prefix", m))?;
    let lengths = &a.args[1..];
    if lengths.is_empty() {
        return Ok(Value::List(Type::String, vec![].into()));
    }
    let bits = net.bits();
    let width = width_mask(bits);
    let start = net.prefix;
    // Go ints: a fraction is this parameter's fault.
    let int_arg = |i: usize| {
        a.int(i).map_err(|e| {
            if e.arg.is_some() {
                return e;
            }
            let msg = e
                .detail
                .trim_start_matches("Call to function \"cidrsubnets\" failed: ")
                .trim_end_matches('.');
            FunctionError::arg(i, "newbits", msg)
        })
    };
    let first = (int_arg(1)? + start as i64).clamp(0, bits as i64) as u32;
    // The subnet just before the network, so that the first "next" one is
    // the network's own first subnet.
    let mut cur = Net {
        bytes: net.bytes,
        value: net.value.wrapping_sub(1) & width & mask_bits(first, bits),
        prefix: first,
    };
    let mut out = Vec::new();
    for i in 1..=lengths.len() {
        let length = int_arg(i)?;
        if length < 1 {
            return Err(FunctionError::arg(
                i,
                "newbits",
                "must extend prefix by at least one bit",
            ));
        }
        if length > 32 {
            return Err(FunctionError::arg(
                i,
                "newbits",
                "may not extend prefix by more than 32 bits",
            ));
        }
        let length = length as u32 + start;
        if length > bits {
            let protocol = if bits == 32 { "IPv4" } else { "IPv6" };
            return Err(FunctionError::arg(
                i,
                "newbits",
                format!(
                    "would extend prefix to {length} bits, which is too long for an {protocol} address"
                ),
            ));
        }
        let mask = mask_bits(length, bits);
        let current_last =
            (cur.value & mask_bits(cur.prefix, bits)) | (width & !mask_bits(cur.prefix, bits));
        let sub_last = (current_last & mask) | (width & !mask);
        let after = sub_last.wrapping_add(1) & width;
        let next = Net {
            bytes: net.bytes,
            value: after & mask,
            prefix: length,
        };
        let contained = next.value & mask_bits(start, bits) == net.value;
        if after == 0 || !contained {
            return Err(FunctionError::arg(
                i,
                "newbits",
                format!(
                    "not enough remaining address space for a subnet with a prefix of {length} bits after {}",
                    cur.cidr()
                ),
            ));
        }
        cur = next;
        out.push(Value::String(cur.cidr()));
    }
    Ok(Value::List(Type::String, out.into()))
}

#[cfg(test)]
mod tests {
    // What terraform answers lives in the expression corpus
    // (tests/corpus/expressions/network_cases.exprs); these are what it cannot
    // show (types, files, planning, marks).
    use super::super::FunctionContext;
    use super::*;
    use std::path::Path;

    fn run(name: &str, args: Vec<Value>) -> Result<Value, FunctionError> {
        let ctx = FunctionContext {
            base_dir: Path::new("."),
            plan: false,
            render_template: None,
            files_within: None,
            files: &crate::files::DISK,
            host: crate::lang::functions::Host::UNKNOWN,
        };
        super::super::call(name, args, &ctx)
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    #[test]
    fn unknown_and_sensitive_arguments() {
        assert_eq!(
            run(
                "cidrhost",
                vec![s("10.0.0.0/8"), Value::Unknown(Type::Number, None)]
            ),
            Ok(Value::Unknown(Type::String, None))
        );
        assert_eq!(
            run(
                "cidrsubnets",
                vec![s("10.0.0.0/8"), Value::Unknown(Type::Number, None)]
            ),
            Ok(Value::Unknown(Type::List(Box::new(Type::String)), None))
        );
        assert_eq!(
            run("cidrnetmask", vec![s("10.0.0.0/8").mark()]),
            Ok(s("255.0.0.0").mark())
        );
    }
}
