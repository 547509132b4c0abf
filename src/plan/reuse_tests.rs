//! The refactor's proof plans the configuration again with its moved
//! blocks, taking every answer of the plan before them that read nothing
//! of the prior state (`instances::Reusable`). Each case reads the prior
//! state another way; planned against one state, then against another
//! with the first plan's answers, its plan must be the plan made from
//! scratch. An answer whose read went unmarked is taken stale, and the
//! plans differ.

use super::*;
use crate::config::LoadOptions;
use crate::diagnostics::SourceMap;

/// A root module (its `main.tf` and any module directories' files).
fn load(files: &[(&str, &str)]) -> (tempfile::TempDir, Config) {
    let d = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = d.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let opts = LoadOptions {
        engine: Engine::Terraform,
        ..Default::default()
    };
    let cfg = crate::config::load(d.path(), &opts, &mut SourceMap::default()).unwrap();
    (d, cfg)
}

/// One recorded object as a state's resource lists it.
fn resource(module: &str, mode: &str, type_name: &str, name: &str, instances: &[String]) -> String {
    let module = match module {
        "" => String::new(),
        m => format!(r#""module":"{m}","#),
    };
    let provider = match type_name {
        "terraform_data" => r#"provider[\"terraform.io/builtin/terraform\"]"#,
        _ => r#"provider[\"registry.terraform.io/hashicorp/aws\"]"#,
    };
    format!(
        r#"{{{module}"mode":"{mode}","type":"{type_name}","name":"{name}","provider":"{provider}","instances":[{}]}}"#,
        instances.join(",")
    )
}

/// A `terraform_data` object: its `id` and its `input` (and `output`)
/// string, at `index_key` if counted.
fn data_object(key: Option<usize>, id: &str, io: &str, tainted: bool) -> String {
    let key = key
        .map(|k| format!(r#""index_key":{k},"#))
        .unwrap_or_default();
    let status = if tainted {
        r#""status":"tainted","#
    } else {
        ""
    };
    let io = format!(r#"{{"value":"{io}","type":"string"}}"#);
    format!(
        r#"{{{key}{status}"schema_version":0,"attributes":{{"id":"{id}","input":{io},"output":{io},"triggers_replace":null}},"sensitive_attributes":[]}}"#
    )
}

fn object(attributes: &str) -> String {
    format!(r#"{{"schema_version":0,"attributes":{attributes},"sensitive_attributes":[]}}"#)
}

/// The prior state every case plans against: `ids` is what the objects
/// recorded (a comma-separated list, which some cases count); `second`
/// adds what only the second state records (a tainted `r`, an
/// `aws_instance.x` and a `data.aws_partition.p`).
fn prior(ids: &str, second: bool) -> State {
    let mut resources = vec![
        resource(
            "",
            "managed",
            "terraform_data",
            "s",
            &[data_object(None, ids, "app", false)],
        ),
        resource(
            "",
            "managed",
            "terraform_data",
            "srv",
            &[
                data_object(Some(0), &format!("{ids}-0"), "n", false),
                data_object(Some(1), &format!("{ids}-1"), "n", false),
            ],
        ),
        resource(
            "",
            "managed",
            "terraform_data",
            "r",
            &[data_object(None, "r", "x", second)],
        ),
        resource(
            "",
            "data",
            "aws_region",
            "current",
            &[object(&format!(r#"{{"id":"r","region":"{ids}"}}"#))],
        ),
        resource(
            "module.m",
            "managed",
            "terraform_data",
            "inner",
            &[data_object(None, ids, "in", false)],
        ),
    ];
    if second {
        resources.push(resource(
            "",
            "managed",
            "aws_instance",
            "x",
            &[object(r#"{"id":"i-1","ebs_block_device":[{"size":2}]}"#)],
        ));
        resources.push(resource(
            "",
            "data",
            "aws_partition",
            "p",
            &[object(r#"{"id":"p","partition":"aws-cn"}"#)],
        ));
    }
    State::from_json(&format!(
        r#"{{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{{}},
        "resources":[{}],"check_results":null}}"#,
        resources.join(",")
    ))
    .unwrap()
}

const S: &str = "resource \"terraform_data\" \"s\" {\n  input = \"app\"\n}\n";

const MODULE: &str = r#"resource "terraform_data" "inner" {
  input = "in"
}
output "id" {
  value = terraform_data.inner.id
}
"#;

/// What a case reads, its files, and whether a plain plan can plan it (a
/// `count` or `for_each` unknown until apply is an error there; the
/// refactor's runs defer it).
type Case = (&'static str, &'static [(&'static str, &'static str)], bool);

const CASES: &[Case] = &[
    (
        "a recorded attribute of a managed resource",
        &[(
            "main.tf",
            r#"resource "terraform_data" "s" {
  input = "app"
}
resource "terraform_data" "d" {
  input = upper(terraform_data.s.id)
}
"#,
        )],
        true,
    ),
    (
        "a data source's record",
        &[(
            "main.tf",
            r#"data "aws_region" "current" {}
resource "terraform_data" "d" {
  input = data.aws_region.current.region
}
output "region" {
  value = data.aws_region.current.region
}
"#,
        )],
        true,
    ),
    (
        "count over a recorded value",
        &[
            ("main.tf", S),
            (
                "t.tf",
                r#"resource "terraform_data" "t" {
  count = length(split(",", terraform_data.s.id))
  input = count.index
}
output "n" {
  value = length(terraform_data.t)
}
output "first" {
  value = terraform_data.t[0].input
}
"#,
            ),
        ],
        true,
    ),
    (
        "for_each over recorded values",
        &[
            ("main.tf", S),
            (
                "t.tf",
                r#"resource "terraform_data" "t" {
  for_each = toset(split(",", terraform_data.s.id))
  input    = each.key
}
output "keys" {
  value = keys(terraform_data.t)
}
"#,
            ),
        ],
        true,
    ),
    (
        "each.value of a for_each over recorded values",
        &[
            ("main.tf", S),
            (
                "t.tf",
                r#"resource "terraform_data" "t" {
  for_each = { for k in split(",", terraform_data.s.id) : k => "${k} of ${terraform_data.s.id}" }
  input    = each.value
}
"#,
            ),
        ],
        true,
    ),
    (
        "locals and outputs over a recorded value",
        &[
            ("main.tf", S),
            (
                "o.tf",
                r#"locals {
  id   = terraform_data.s.id
  both = "${local.id}!"
}
output "both" {
  value = local.both
}
output "id" {
  value = terraform_data.s.id
}
"#,
            ),
        ],
        true,
    ),
    (
        "a module output reading a recorded value",
        &[
            (
                "main.tf",
                r#"module "m" {
  source = "./m"
}
resource "terraform_data" "d" {
  input = module.m.id
}
output "id" {
  value = module.m.id
}
"#,
            ),
            ("m/main.tf", MODULE),
        ],
        true,
    ),
    (
        "module instances counted over a recorded value",
        &[
            ("main.tf", S),
            (
                "n.tf",
                r#"module "n" {
  source = "./m"
  count  = length(split(",", terraform_data.s.id))
}
output "ids" {
  value = module.n[*].id
}
output "n" {
  value = length(module.n)
}
"#,
            ),
            ("m/main.tf", MODULE),
        ],
        true,
    ),
    (
        "a whole resource, read twice",
        &[
            ("main.tf", S),
            (
                "w.tf",
                r#"locals {
  a = terraform_data.s
  b = terraform_data.s
}
output "a" {
  value = local.a.id
}
output "b" {
  value = local.b.id
}
"#,
            ),
        ],
        true,
    ),
    (
        "a splat of recorded ids, read twice",
        &[(
            "main.tf",
            r#"resource "terraform_data" "srv" {
  count = 2
  input = "n"
}
resource "terraform_data" "lb" {
  input = terraform_data.srv[*].id
}
output "ids" {
  value = terraform_data.srv[*].id
}
"#,
        )],
        true,
    ),
    (
        "whether a recorded object is tainted",
        &[(
            "main.tf",
            r#"resource "terraform_data" "r" {
  input = "x"
}
resource "terraform_data" "d" {
  input = terraform_data.r.output
}
output "o" {
  value = terraform_data.r.output
}
"#,
        )],
        true,
    ),
    (
        "whether a resource with nested blocks is recorded",
        &[(
            "main.tf",
            r#"resource "aws_instance" "x" {
  ebs_block_device {
    size = 1
  }
}
output "b" {
  value = aws_instance.x.ebs_block_device
}
"#,
        )],
        true,
    ),
    (
        "for_each over a data source only one state records",
        &[(
            "main.tf",
            r#"data "aws_partition" "p" {}
resource "terraform_data" "t" {
  for_each = toset([data.aws_partition.p.partition])
}
"#,
        )],
        false,
    ),
    (
        "an expansion deferred in both plans",
        &[
            ("main.tf", S),
            (
                "t.tf",
                r#"resource "terraform_data" "t" {
  for_each = toset([uuid()])
}
resource "terraform_data" "u" {
  count = length(split(",", terraform_data.s.id))
}
"#,
            ),
        ],
        false,
    ),
];

/// Everything a plan answers, as text: the changes, outputs and warnings,
/// the deferred blocks, or the errors.
fn planned(cfg: &Config, prior: &State, opts: &RunOptions, reused: Reusable) -> (String, Reusable) {
    match plan_configuration_run(
        cfg,
        RootInputs::new(),
        prior,
        Engine::Terraform,
        &[],
        opts.clone(),
        &|_, _| None,
        reused,
    ) {
        Ok((p, run)) => {
            let text = format!(
                "{:?}\n{:?}\n{:?}\n{:?}",
                p.plan.changes, p.plan.outputs, p.plan.warnings, p.deferred
            );
            (text, run.into_reusable())
        }
        Err(d) => (format!("{d:?}"), Reusable::default()),
    }
}

/// Each case, in a plain plan and in a refactor's runs, each way round
/// between the two states: the plan that reuses is the plan from
/// scratch, and the two states plan differently (the case reads them).
#[test]
fn a_plan_reusing_answers_is_the_plan_from_scratch_whatever_reads_the_prior_state() {
    let refactor = RunOptions {
        track_origins: true,
        defer_unknown_expansion: true,
        ..RunOptions::default()
    };
    let plain = RunOptions::default();
    let states = [prior("a,b", false), prior("a,b,c", true)];
    let mut stale = Vec::new();
    for (what, files, plain_too) in CASES {
        let (_d, cfg) = load(files);
        let options: &[(&str, &RunOptions)] = match plain_too {
            true => &[("plan", &plain), ("refactor", &refactor)],
            false => &[("refactor", &refactor)],
        };
        for (name, opts) in options {
            let scratch: Vec<String> = (states.iter())
                .map(|s| planned(&cfg, s, opts, Reusable::default()).0)
                .collect();
            assert_ne!(scratch[0], scratch[1], "{what} ({name}): reads no state");
            for (first, then) in [(0, 1), (1, 0)] {
                let (_, reusable) = planned(&cfg, &states[first], opts, Reusable::default());
                assert!(!reusable.is_empty(), "{what} ({name}): nothing reused");
                let (reusing, _) = planned(&cfg, &states[then], opts, reusable);
                if reusing != scratch[then] {
                    stale.push(format!("{what} ({name}), state {then}"));
                }
            }
        }
    }
    assert!(stale.is_empty(), "stale answers reused: {stale:#?}");
}
