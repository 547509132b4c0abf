//! `minimod check` on the lesson's monorepo: six environments with copies
//! of the same resources (base), extracted into `modules/service` called
//! from each environment (head). Built as a git repository by
//! tests/data/check/monorepo.sh.

mod common;

use std::path::Path;
use std::process::Output;

use common::repo_of;

fn monorepo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::monorepo(&dir.path().join("repo"));
    dir
}

/// `check --base HEAD~1` of what git would commit: the working tree is
/// staged first, as a pull request's commit would hold it.
fn check(repo: &Path, args: &[&str]) -> Output {
    stage(repo);
    common::minimod(repo)
        .arg("check")
        .args(["--base", "HEAD~1"])
        .args(args)
        .output()
        .unwrap()
}

/// `git add -A`: the check reads the index.
fn stage(repo: &Path) {
    let out = common::git(repo, &["add", "-A"]);
    assert!(out.status.success(), "git add: {out:?}");
}

/// The check's JSON document, valid against its schema (schemas/).
fn json(out: &Output) -> serde_json::Value {
    let doc = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    common::schemas::assert_valid(&common::schemas::schema_of("check", &doc), &doc, "check");
    doc
}

#[test]
fn extraction_without_moved_blocks_fails_listing_the_blocks_per_environment() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let out = check(&repo, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let roots = doc["roots"].as_array().unwrap();
    assert_eq!(roots.len(), 6);
    for r in roots {
        let env = r["dir"].as_str().unwrap().trim_start_matches("envs/");
        assert_eq!(r["outcome"], "moved-blocks-missing", "{r}");
        let moves: Vec<(String, String, String)> = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["from"].as_str().unwrap().into(),
                    m["to"].as_str().unwrap().into(),
                    m["file"].as_str().unwrap().into(),
                )
            })
            .collect();
        let file = format!("envs/{env}/moved.tf");
        let want: Vec<(String, String, String)> = ["app", "db", "queue"]
            .iter()
            .map(|n| {
                (
                    format!("terraform_data.{n}"),
                    format!("module.service.terraform_data.{n}"),
                    file.clone(),
                )
            })
            .collect();
        assert_eq!(moves, want);
        assert_eq!(
            r["plan_with_blocks"],
            serde_json::json!({ "add": 0, "change": 0, "destroy": 0 })
        );
    }
}

#[test]
fn fix_writes_the_blocks_and_the_check_then_passes() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let out = check(&repo, &["--fix"]);
    // The blocks are written and proven, but what git would commit does
    // not hold them yet: the run fails, as a pre-commit hook that writes.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("Passed: no root destroys what was only moved."),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("stage them (git add envs/"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(repo.join("envs/prod-eu/moved.tf")).unwrap();
    assert!(
        written.contains(
            "moved {\n  from = terraform_data.db\n  to   = module.service.terraform_data.db\n}\n"
        ),
        "{written}"
    );
    let again = check(&repo, &[]);
    assert_eq!(again.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&again.stdout)
            .contains("Passed: no root destroys what was only moved.")
    );
}

#[test]
fn a_head_that_also_deletes_a_resource_fails_naming_it() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    assert_eq!(check(&repo, &["--fix"]).status.code(), Some(1));
    assert_eq!(check(&repo, &[]).status.code(), Some(0));
    let module = repo.join("modules/service/main.tf");
    let text = std::fs::read_to_string(&module).unwrap();
    let without_queue = text
        .split("resource \"terraform_data\" \"queue\"")
        .next()
        .unwrap()
        .to_string();
    std::fs::write(&module, without_queue).unwrap();
    let out = check(&repo, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    for r in doc["roots"].as_array().unwrap() {
        assert_eq!(r["passed"], false);
        let unmatched = r["unmatched"].as_array().unwrap();
        assert_eq!(unmatched.len(), 1, "{r}");
        assert_eq!(unmatched[0]["action"], "destroy");
        assert_eq!(
            unmatched[0]["address"],
            "module.service.terraform_data.queue"
        );
    }
}

#[test]
fn markdown_is_a_pull_request_comment() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let out = check(&repo, &["--format", "markdown"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("### minimod check failed\n"), "{text}");
    assert!(
        text.contains("| `envs/dev` | ❌ moved blocks missing (3) | 3 | 0 | 3 |"),
        "{text}"
    );
    assert!(
        text.contains("<details><summary><code>envs/qa</code>: moved blocks missing (3)</summary>")
    );
    assert!(
        text.contains(
            "Add to `envs/qa/moved.tf`:\n\n```hcl\nmoved {\n  from = terraform_data.app\n"
        ),
        "{text}"
    );
}

/// The three outputs on the monorepo, reviewed line by line when accepted.
/// The head tree is the working tree, so no temporary path appears.
#[test]
fn outputs_snapshots() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let text = String::from_utf8(check(&repo, &[]).stdout).unwrap();
    insta::assert_snapshot!("check_text", text);
    let markdown = String::from_utf8(check(&repo, &["--format", "markdown"]).stdout).unwrap();
    insta::assert_snapshot!("check_markdown", markdown);
    let json = String::from_utf8(check(&repo, &["--format", "json"]).stdout).unwrap();
    insta::assert_snapshot!("check_json", json);
}

#[test]
fn a_root_whose_for_each_needs_a_variable_is_not_checkable_and_says_how_to_give_it() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    let git = |args: &[&str]| common::git(repo, args);
    git(&["init", "-q"]);
    std::fs::create_dir_all(repo.join("live")).unwrap();
    std::fs::write(
        repo.join("live/.terraform.lock.hcl"),
        "provider \"registry.terraform.io/hashicorp/random\" {\n  version = \"3.6.0\"\n}\n",
    )
    .unwrap();
    let config = |name: &str| {
        format!(
            "terraform {{\n  backend \"local\" {{}}\n}}\n\nvariable \"regions\" {{\n  type = list(string)\n}}\n\nresource \"terraform_data\" \"{name}\" {{\n  for_each = toset(var.regions)\n}}\n"
        )
    };
    std::fs::write(repo.join("live/main.tf"), config("r")).unwrap();
    git(&["add", "-A"]);
    git(&["commit", "-qm", "base"]);
    std::fs::write(repo.join("live/main.tf"), config("s")).unwrap();
    stage(repo);
    let out = common::run(repo, ["check", "--base", "HEAD", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let root = &doc["roots"][0];
    assert_eq!(root["outcome"], "not-checkable");
    let error = root["error"].as_str().unwrap().replace('\n', " ");
    assert!(
        error.contains("root variable var.regions, which has no value"),
        "{error}"
    );
    assert!(
        error.contains(r#"root "live" { variables = { regions = ... } }"#),
        "{error}"
    );
    // As the message says, -var gives it: the root is then checked.
    let out = common::minimod(repo)
        .args(["check", "--base", "HEAD", "--format", "json"])
        .args(["-var", r#"regions=["eu","us"]"#, "--engine", "terraform"])
        .output()
        .unwrap();
    let doc = json(&out);
    // Identical instances renamed with their keys kept: the keys decide.
    assert_eq!(doc["roots"][0]["outcome"], "moved-blocks-missing", "{doc}");
    let moves = doc["roots"][0]["moves"].to_string();
    assert!(
        moves.contains(r#""from":"terraform_data.r","to":"terraform_data.s""#),
        "{moves}"
    );
}

/// `--shard K/N`: the shards together check every root exactly once, each
/// in the order an unsharded run reports them, and a shard that holds no
/// root passes only because the others hold some.
#[test]
fn shards_check_every_root_once() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let dirs = |args: &[&str]| -> Vec<String> {
        let out = check(&repo, &[&["--format", "json"], args].concat());
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json(&out)["roots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["dir"].as_str().unwrap().to_string())
            .collect()
    };
    let all = dirs(&[]);
    assert_eq!(all.len(), 6);
    for n in [1, 2, 3, 7] {
        let mut seen: Vec<String> = Vec::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let out = check(&repo, &["--format", "json", "--shard", &shard]);
            let doc = json(&out);
            assert_eq!(doc["shard"]["roots_in_all"], 6);
            let mine: Vec<String> = doc["roots"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["dir"].as_str().unwrap().to_string())
                .collect();
            // Every root fails here (blocks missing); a shard with none passes.
            assert_eq!(
                out.status.code(),
                Some(if mine.is_empty() { 0 } else { 1 }),
                "{shard}"
            );
            let mut sorted = mine.clone();
            sorted.sort();
            assert_eq!(mine, sorted, "{shard}: stable order");
            seen.extend(mine);
        }
        seen.sort();
        assert_eq!(seen, all, "{n} shards");
    }
    for bad in ["0/2", "3/2", "2", "a/b"] {
        let out = check(&repo, &["--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

/// `--merge`: the shards' JSON reports make the comment and the verdict of
/// one unsharded run; an incomplete or mixed set is refused.
#[test]
fn merged_shards_are_one_run() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let whole = check(&repo, &["--format", "json"]);
    let whole_md = check(&repo, &["--format", "markdown"]);
    let mut files = Vec::new();
    for k in 1..=3 {
        let out = check(&repo, &["--format", "json", "--shard", &format!("{k}/3")]);
        let file = tmp.path().join(format!("shard{k}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let merge = |files: &[&String], format: &str| {
        let mut args = vec!["check", "--format", format];
        for f in files {
            args.extend(["--merge", f.as_str()]);
        }
        common::run(&repo, args)
    };
    let all: Vec<&String> = files.iter().rev().collect();
    let merged = merge(&all, "json");
    assert_eq!(merged.status.code(), whole.status.code());
    let (m, w) = (json(&merged), json(&whole));
    for key in ["base", "head", "passed", "roots", "unreached"] {
        assert_eq!(m[key], w[key], "{key}");
    }
    let md = merge(&all, "markdown");
    assert_eq!(
        String::from_utf8_lossy(&md.stdout),
        String::from_utf8_lossy(&whole_md.stdout)
    );
    // The merged text leads as one run's text does: verdict, counts, next.
    let text = String::from_utf8_lossy(&merge(&all, "text").stdout).into_owned();
    let whole_text = String::from_utf8_lossy(&check(&repo, &[]).stdout).into_owned();
    let lead = |t: &str| t.lines().take(3).map(String::from).collect::<Vec<_>>();
    assert_eq!(lead(&text), lead(&whole_text), "{text}");
    assert!(text.starts_with("Failed: 6 of 6 root modules.\n"), "{text}");
    assert!(
        text.contains("\nenvs/dev: moved blocks missing (3)\n"),
        "{text}"
    );
    for bad in [
        vec![&files[0], &files[1]],
        vec![&files[0], &files[0], &files[1], &files[2]],
    ] {
        let out = merge(&bad, "json");
        assert_eq!(
            out.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = check(&repo, &["--format", "json"]);
    let unsharded = tmp.path().join("whole.json");
    std::fs::write(&unsharded, &out.stdout).unwrap();
    let name = unsharded.to_string_lossy().into_owned();
    assert_eq!(merge(&[&name], "json").status.code(), Some(2));
}

/// The extraction also resizes the database: without consent the check
/// fails and names the update `--allow-update` would accept; with
/// `--allow-update` (or `check { allow_update = true }` in the base's
/// `.minimod.hcl`, never the head's), `--fix` writes the
/// blocks (the database's too) and the check passes.
#[test]
fn a_refactor_that_also_changes_a_value_needs_allow_update() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let module = repo.join("modules/service/main.tf");
    let text = std::fs::read_to_string(&module).unwrap();
    std::fs::write(&module, text.replace("size = 20", "size = 40")).unwrap();
    let db_update = serde_json::json!([{
        "from": "terraform_data.db",
        "to": "module.service.terraform_data.db",
        "attributes": ["input"],
    }]);

    let out = check(&repo, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    for r in doc["roots"].as_array().unwrap() {
        assert_eq!(r["updates_with_allow_update"], db_update, "{r}");
        assert_eq!(r["updates_accepted"], serde_json::json!([]), "{r}");
        let moved: Vec<String> = (common::moves_of(r).unwrap().into_iter())
            .map(|(from, _)| from)
            .collect();
        assert_eq!(
            moved,
            ["terraform_data.queue"],
            "nothing written for the update"
        );
    }
    let text = String::from_utf8_lossy(&check(&repo, &[]).stdout).into_owned();
    assert!(
        text.contains("did you mean: --allow-update? terraform_data.db -> module.service.terraform_data.db, updated in place: input"),
        "{text}"
    );

    let flag = json(&check(&repo, &["--format", "json", "--allow-update"]));
    for r in flag["roots"].as_array().unwrap() {
        assert_eq!(r["updates_accepted"], db_update, "{r}");
        assert_eq!(r["moves"].as_array().unwrap().len(), 3, "{r}");
        assert_eq!(
            r["plan_with_blocks"],
            serde_json::json!({ "add": 0, "change": 1, "destroy": 0 })
        );
    }

    // Consent is the target branch's (or the command line's): a pull
    // request's own `.minimod.hcl` cannot give it.
    std::fs::write(
        repo.join(".minimod.hcl"),
        "check {\n  allow_update = true\n}\n",
    )
    .unwrap();
    assert_eq!(check(&repo, &[]).status.code(), Some(1));
    let fixed = check(&repo, &["--fix", "--allow-update"]);
    let again = check(&repo, &["--allow-update"]);
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&again.stdout),
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(
        fixed.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&fixed.stdout)
    );
    let moved = std::fs::read_to_string(repo.join("envs/dev/moved.tf")).unwrap();
    assert!(
        moved.contains("from = terraform_data.db\n  to   = module.service.terraform_data.db"),
        "{moved}"
    );
}

/// A repository of one root, `live`, whose base is `old` and whose index
/// is `new` (each a main.tf): built in the test.
fn one_root_repo(old: &str, new: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    let git = |args: &[&str]| {
        let out = common::git(repo, args);
        assert!(out.status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    std::fs::create_dir_all(repo.join("live")).unwrap();
    let backend = "terraform {\n  backend \"local\" {}\n}\n";
    std::fs::write(repo.join("live/backend.tf"), backend).unwrap();
    std::fs::write(repo.join("live/main.tf"), old).unwrap();
    git(&["add", "-A"]);
    git(&["commit", "-qm", "base"]);
    std::fs::write(repo.join("live/main.tf"), new).unwrap();
    stage(repo);
    tmp
}

/// The pairs ignore rules made are named in every output, not only JSON:
/// the rule, the pair, and what the plan still does to the object.
#[test]
fn text_and_markdown_name_the_ignore_rules_that_paired() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/refactors/ignore-owner-tag");
    let read = |side: &str| std::fs::read_to_string(fixture.join(side).join("main.tf")).unwrap();
    let tmp = one_root_repo(&read("old"), &read("new"));
    let run = |format: &str| {
        let out = common::minimod(tmp.path())
            .args(["check", "--base", "HEAD", "--engine", "terraform"])
            .args(["--ignore", "everything:terraform_data:input.Owner"])
            .args(["--format", format])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run("text");
    assert!(
        text.contains(
            "  paired by ignore rules: terraform_data.web -> terraform_data.frontend: everything:terraform_data:input.Owner; the ignored difference stays: the plan updates it in place\n"
        ),
        "{text}"
    );
    let markdown = run("markdown");
    assert!(
        markdown.contains(
            "- paired by ignore rules: terraform\\_data.web -\\> terraform\\_data.frontend: everything:terraform\\_data:input.Owner; the ignored difference stays: the plan updates it in place\n"
        ),
        "{markdown}"
    );
}

const BACKEND: &str = "terraform {\n  backend \"local\" {}\n}\n";

/// `check --base HEAD`: the working tree, staged, against the last commit.
fn check_head(repo: &Path, args: &[&str]) -> Output {
    stage(repo);
    common::minimod(repo)
        .args(["check", "--base", "HEAD"])
        .args(args)
        .output()
        .unwrap()
}

/// The database leaves root `app` for root `data`: a move across states.
/// Undeclared, the check fails in both roots naming the `removed` and
/// `import` blocks to add (the id a placeholder: a check has no state),
/// even with --allow-add; declared that way, it passes.
#[test]
fn a_move_across_roots_passes_only_when_declared_with_removed_and_import() {
    let db = "resource \"terraform_data\" \"db\" {\n  input = { engine = \"pg\", size = 20 }\n}\n";
    let web = "resource \"terraform_data\" \"web\" {\n  input = \"web\"\n}\n";
    let queue = "resource \"terraform_data\" \"queue\" {\n  input = \"q\"\n}\n";
    let database =
        "resource \"terraform_data\" \"database\" {\n  input = { engine = \"pg\", size = 20 }\n}\n";
    let tmp = repo_of(
        &[
            ("app/backend.tf", BACKEND),
            ("data/backend.tf", BACKEND),
            ("app/main.tf", &format!("{db}{web}")),
            ("data/main.tf", queue),
        ],
        &[
            ("app/main.tf", web),
            ("data/main.tf", &format!("{queue}{database}")),
        ],
    );
    let repo = tmp.path();
    for extra in [&[][..], &["--allow-add"][..]] {
        let out = check_head(repo, &[&["--format", "json"][..], extra].concat());
        assert_eq!(out.status.code(), Some(1), "{extra:?}");
        let doc = json(&out);
        let id = "<the id of terraform_data.db in the state of app>";
        let want = serde_json::json!([{
            "from_root": "app", "from": "terraform_data.db",
            "to_root": "data", "to": "terraform_data.database",
            "removed": {
                "file": "app/removed.tf",
                "block": "removed {\n  from = terraform_data.db\n\n  lifecycle {\n    destroy = false\n  }\n}\n",
            },
            "import": {
                "file": "data/imports.tf",
                "block": format!("import {{\n  to = terraform_data.database\n  id = \"{id}\"\n}}\n"),
            },
        }]);
        for r in doc["roots"].as_array().unwrap() {
            assert_eq!(r["passed"], false, "{r}");
            assert_eq!(r["outcome"], "moved-across-roots", "{r}");
            assert_eq!(r["unmatched"], serde_json::json!([]), "{r}");
            assert_eq!(r["cross_root_moves"], want, "{r}");
        }
    }
    let text = String::from_utf8(check_head(repo, &[]).stdout).unwrap();
    assert!(
        text.contains("  moved across roots: app: terraform_data.db -> data: terraform_data.database\n  add to app/removed.tf:\n    removed {\n      from = terraform_data.db\n\n      lifecycle {\n"),
        "{text}"
    );
    assert!(text.contains("  (a check has no state, so the import's id is a placeholder: replace it with the id app records for terraform_data.db)\n"), "{text}");
    let markdown = String::from_utf8(check_head(repo, &["--format", "markdown"]).stdout).unwrap();
    assert!(
        markdown.contains(
            "Add to `data/imports.tf`:\n\n```hcl\nimport {\n  to = terraform_data.database\n"
        ),
        "{markdown}"
    );

    // Declared as terraform supports it: nothing is destroyed or created.
    std::fs::write(
        repo.join("app/removed.tf"),
        "removed {\n  from = terraform_data.db\n  lifecycle {\n    destroy = false\n  }\n}\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("data/imports.tf"),
        "import {\n  to = terraform_data.database\n  id = \"07305d6d\"\n}\n",
    )
    .unwrap();
    let out = check_head(repo, &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

const DB: &str =
    "resource \"terraform_data\" \"db\" {\n  input = { engine = \"pg\", size = 20 }\n}\n";
const QUEUE: &str = "resource \"terraform_data\" \"queue\" {\n  input = \"q\"\n}\n";
const DATABASE: &str =
    "resource \"terraform_data\" \"database\" {\n  input = { engine = \"pg\", size = 20 }\n}\n";
const FORGET_DB: &str =
    "removed {\n  from = terraform_data.db\n  lifecycle {\n    destroy = false\n  }\n}\n";
const IMPORT_DATABASE: &str = "import {\n  to = terraform_data.database\n  id = \"07305d6d\"\n}\n";
const PLACEHOLDER_IMPORT: &str = "import {\n  to = terraform_data.database\n  id = \"<the id of terraform_data.db in the state of app>\"\n}\n";
const REMOVED_DB: &str =
    "removed {\n  from = terraform_data.db\n\n  lifecycle {\n    destroy = false\n  }\n}\n";

/// Base: `app` holds the database, `data` the queue; `head` files on top.
fn app_and_data(head: &[(&str, &str)]) -> tempfile::TempDir {
    repo_of(
        &[
            ("app/backend.tf", BACKEND),
            ("data/backend.tf", BACKEND),
            ("app/main.tf", DB),
            ("data/main.tf", QUEUE),
        ],
        head,
    )
}

/// Both roots of the move (`app` and `data`) fail, and name the move.
fn fail_as_moved_across_roots(doc: &serde_json::Value, want: &serde_json::Value) {
    for dir in ["app", "data"] {
        let r = root_of(doc, dir);
        assert_eq!(r["passed"], false, "{r}");
        assert_eq!(r["outcome"], "moved-across-roots", "{r}");
        assert_eq!(&r["cross_root_moves"], want, "{r}");
    }
}

fn root_of<'a>(doc: &'a serde_json::Value, dir: &str) -> &'a serde_json::Value {
    doc["roots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["dir"] == dir)
        .unwrap_or_else(|| panic!("no root {dir}: {doc}"))
}

/// A `removed` block with `destroy = false` in `app` and a plain create of
/// an equal object in `data`: terraform forgets the database in app's
/// state and creates a second, new one in data's. That is no move, even
/// with --allow-add: both roots fail, naming the missing import block.
#[test]
fn a_forget_in_one_root_and_an_equal_create_in_another_fail_naming_the_import_block() {
    let tmp = app_and_data(&[
        ("app/main.tf", FORGET_DB),
        ("data/main.tf", &format!("{QUEUE}{DATABASE}")),
    ]);
    let repo = tmp.path();
    for extra in [&[][..], &["--allow-add"][..]] {
        let out = check_head(repo, &[&["--format", "json"][..], extra].concat());
        assert_eq!(out.status.code(), Some(1), "{extra:?}");
        let doc = json(&out);
        let want = serde_json::json!([{
            "from_root": "app", "from": "terraform_data.db",
            "to_root": "data", "to": "terraform_data.database",
            "removed": { "declared": true },
            "import": { "file": "data/imports.tf", "block": PLACEHOLDER_IMPORT },
        }]);
        fail_as_moved_across_roots(&doc, &want);
        assert_eq!(
            root_of(&doc, "app")["forgotten"],
            serde_json::json!(["terraform_data.db"])
        );
    }
    let text = String::from_utf8(check_head(repo, &["--allow-add"]).stdout).unwrap();
    assert!(
        text.contains("  moved across roots: app: terraform_data.db -> data: terraform_data.database; app forgets it with a removed block (destroy = false), but data has no import block for terraform_data.database: terraform would leave the object unmanaged and create a second one\n  add to data/imports.tf:\n    import {\n"),
        "{text}"
    );
    assert!(!text.contains("add to app/removed.tf"), "{text}");
}

/// A forgotten object and a create of its type in another root that a
/// check cannot compare (both read other objects, whose ids only a state
/// knows): it may be a move with its import block missing. Not checked,
/// so it does not pass, even with --allow-add.
#[test]
fn a_forget_that_cannot_be_compared_with_a_create_elsewhere_does_not_pass() {
    const NET: &str = "resource \"terraform_data\" \"net\" {\n  input = \"n\"\n}\n";
    let db_of = |name: &str, of: &str| {
        format!("resource \"terraform_data\" \"{name}\" {{\n  input = terraform_data.{of}.id\n}}\n")
    };
    let tmp = repo_of(
        &[
            ("app/backend.tf", BACKEND),
            ("data/backend.tf", BACKEND),
            ("app/main.tf", &format!("{NET}{}", db_of("db", "net"))),
            ("data/main.tf", QUEUE),
        ],
        &[
            ("app/main.tf", &format!("{NET}{FORGET_DB}")),
            (
                "data/main.tf",
                &format!("{QUEUE}{}", db_of("database", "queue")),
            ),
        ],
    );
    let out = check_head(tmp.path(), &["--format", "json", "--allow-add"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    for dir in ["app", "data"] {
        let r = root_of(&doc, dir);
        assert_eq!(r["passed"], false, "{r}");
        assert_eq!(r["outcome"], "moved-across-roots", "{r}");
        let why = r["cross_root_moves"][0]["blocked"]
            .as_str()
            .unwrap_or_default();
        assert!(why.contains("cannot be compared without state"), "{r}");
    }
}

/// An `import` block in `data` for the database `app` still destroys: the
/// failure names the `removed` block app lacks; with it, the move is
/// declared as terraform supports it and passes, and each root says what
/// its block does.
#[test]
fn an_import_without_the_removed_block_fails_naming_it_and_passes_with_it() {
    let tmp = app_and_data(&[
        ("app/main.tf", ""),
        ("data/main.tf", &format!("{QUEUE}{DATABASE}")),
        ("data/imports.tf", IMPORT_DATABASE),
    ]);
    let repo = tmp.path();
    let out = check_head(repo, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let want = serde_json::json!([{
        "from_root": "app", "from": "terraform_data.db",
        "to_root": "data", "to": "terraform_data.database",
        "removed": { "file": "app/removed.tf", "block": REMOVED_DB },
        "import": { "declared": true },
    }]);
    for dir in ["app", "data"] {
        let r = root_of(&doc, dir);
        assert_eq!(r["outcome"], "moved-across-roots", "{r}");
        assert_eq!(r["unmatched"], serde_json::json!([]), "{r}");
        assert_eq!(r["cross_root_moves"], want, "{r}");
    }
    let text = String::from_utf8(check_head(repo, &[]).stdout).unwrap();
    assert!(
        text.contains("; data imports it, but app has no removed block with destroy = false for it: terraform would destroy the object data imports\n  add to app/removed.tf:\n    removed {\n"),
        "{text}"
    );
    assert!(!text.contains("placeholder"), "{text}");

    std::fs::write(repo.join("app/removed.tf"), FORGET_DB).unwrap();
    let out = check_head(repo, &["--format", "json"]);
    let doc = json(&out);
    assert_eq!(out.status.code(), Some(0), "{doc}");
    let app = root_of(&doc, "app");
    assert_eq!(app["outcome"], "proven", "{app}");
    assert_eq!(app["forgotten"], serde_json::json!(["terraform_data.db"]));
    assert_eq!(
        root_of(&doc, "data")["imported"],
        serde_json::json!(["terraform_data.database"])
    );
    assert_eq!(
        app["cross_root_moves"][0]["removed"],
        serde_json::json!({ "declared": true })
    );
    let text = String::from_utf8(check_head(repo, &[]).stdout).unwrap();
    assert!(
        text.contains("\napp: nothing created, changed or destroyed; 1 forgotten: no longer managed by terraform, but not destroyed\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  moved across roots: app: terraform_data.db -> data: terraform_data.database, declared: app forgets it (removed, destroy = false) and data imports it\n"),
        "{text}"
    );
    assert!(
        text.contains("  forget terraform_data.db: will no longer be managed by terraform, but will not be destroyed (destroy = false is set in the configuration)\n"),
        "{text}"
    );
    // terraform plans an update of an imported terraform_data (its input
    // is not imported): "1 to import, 0 to add, 1 to change".
    assert!(
        text.contains("\ndata: changes proven: nothing that moved is destroyed; 1 imported\n"),
        "{text}"
    );
}

/// A root whose only change is a `removed` block with `destroy = false`
/// is not "unchanged": it forgets the object, and says so; it passes, as
/// nothing is destroyed.
#[test]
fn a_root_that_only_forgets_says_so_and_passes() {
    let tmp = one_root_repo(DB, FORGET_DB);
    let out = check_head(tmp.path(), &["--format", "json"]);
    let doc = json(&out);
    assert_eq!(out.status.code(), Some(0), "{doc}");
    let r = root_of(&doc, "live");
    assert_eq!(r["outcome"], "proven", "{r}");
    assert_eq!(r["forgotten"], serde_json::json!(["terraform_data.db"]));
    assert_eq!(
        r["plan"],
        serde_json::json!({ "add": 0, "change": 0, "destroy": 0 })
    );
    let markdown =
        String::from_utf8(check_head(tmp.path(), &["--format", "markdown"]).stdout).unwrap();
    assert!(
        markdown.contains("| `live` | ✅ nothing created, changed or destroyed; 1 forgotten: no longer managed by terraform, but not destroyed | 0 | 0 | 0 |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("- forget terraform\\_data.db: will no longer be managed by terraform, but will not be destroyed (destroy = false is set in the configuration)\n"),
        "{markdown}"
    );
}

/// The commonest move across roots: the pull request deletes root `app`
/// and creates its database in `data`. What the base configures in app is
/// what is destroyed, and pairs with data's new object: both roots fail
/// naming the blocks, and app's says to keep the root until its removed
/// block is applied.
#[test]
fn a_deleted_root_pairs_with_the_root_its_objects_move_to() {
    let tmp = app_and_data(&[("data/main.tf", &format!("{QUEUE}{DATABASE}"))]);
    let repo = tmp.path();
    std::fs::remove_dir_all(repo.join("app")).unwrap();
    let out = check_head(repo, &["--format", "json", "--allow-add"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let want = serde_json::json!([{
        "from_root": "app", "from": "terraform_data.db",
        "to_root": "data", "to": "terraform_data.database",
        "from_root_deleted": true,
        "removed": { "file": "app/removed.tf", "block": REMOVED_DB },
        "import": { "file": "data/imports.tf", "block": PLACEHOLDER_IMPORT },
    }]);
    fail_as_moved_across_roots(&doc, &want);
    assert_eq!(
        root_of(&doc, "app")["plan"],
        serde_json::json!({ "add": 0, "change": 0, "destroy": 1 })
    );
    let text = String::from_utf8(check_head(repo, &[]).stdout).unwrap();
    assert!(
        text.contains("this change deletes app: keep it, with its backend and the removed block, until the removed block is applied; delete it after"),
        "{text}"
    );
    // Sharded (app in 1/2, data in 2/2), the merge reports what one run does.
    let reports = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let out = check_head(repo, &["--format", "json", "--shard", &shard]);
        let file = reports.path().join(format!("shard{k}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let merged = common::run(
        repo,
        [
            "check", "--format", "json", "--merge", &files[0], "--merge", &files[1],
        ],
    );
    let whole = check_head(repo, &["--format", "json"]);
    assert_eq!(merged.status.code(), Some(1));
    assert_eq!(json(&merged)["roots"], json(&whole)["roots"]);

    // A deleted root whose objects go nowhere still fails as deleted.
    std::fs::write(repo.join("data/main.tf"), QUEUE).unwrap();
    let doc = json(&check_head(repo, &["--format", "json", "--allow-add"]));
    let app = root_of(&doc, "app");
    assert_eq!(app["outcome"], "deleted-root", "{app}");
    assert_eq!(app["unmatched"][0]["address"], "terraform_data.db", "{app}");
}

/// `--shard`: `app` is in shard 1/2 and `data` in 2/2, so no shard sees
/// both sides of the move. Each shard's report lists what may pair across
/// shards, and `--merge` pairs them: the merged report is the unsharded
/// run's. Where the shards cannot tell (two equal objects arrive), it
/// fails both roots saying to run unsharded; a set with nothing that
/// could pair merges into the unsharded run's report too.
#[test]
fn merged_shards_pair_a_move_across_shards_as_one_run() {
    let tmp = app_and_data(&[
        ("app/main.tf", FORGET_DB),
        ("data/main.tf", &format!("{QUEUE}{DATABASE}")),
    ]);
    let repo = tmp.path();
    // Outside the repository: a report staged by the next shard's run
    // would make its index another revision, which --merge refuses.
    let reports = tempfile::tempdir().unwrap();
    let shards = |extra: &[&str]| -> Vec<String> {
        (1..=2)
            .map(|k| {
                let shard = format!("{k}/2");
                let args = [&["--format", "json", "--shard", &shard][..], extra].concat();
                let out = check_head(repo, &args);
                let doc = json(&out);
                let dirs: Vec<&str> = doc["roots"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r["dir"].as_str().unwrap())
                    .collect();
                assert_eq!(dirs, [["app"], ["data"]][k - 1], "{doc}");
                let file = reports.path().join(format!("shard{k}.json"));
                std::fs::write(&file, &out.stdout).unwrap();
                file.to_string_lossy().into_owned()
            })
            .collect()
    };
    let merge = |files: &[String], format: &str| {
        let mut args = vec!["check".to_string(), "--format".into(), format.into()];
        for f in files {
            args.extend(["--merge".to_string(), f.clone()]);
        }
        common::run(repo, args)
    };
    let same = |extra: &[&str]| {
        let files = shards(extra);
        let merged = merge(&files, "json");
        let whole = check_head(repo, &[&["--format", "json"][..], extra].concat());
        assert_eq!(merged.status.code(), whole.status.code());
        let (m, w) = (json(&merged), json(&whole));
        for key in ["passed", "roots", "unreached"] {
            assert_eq!(m[key], w[key], "{key}");
        }
        let md = merge(&files, "markdown");
        let whole_md = check_head(repo, &[&["--format", "markdown"][..], extra].concat());
        assert_eq!(
            String::from_utf8_lossy(&md.stdout),
            String::from_utf8_lossy(&whole_md.stdout)
        );
        w
    };
    // Each shard alone passes with --allow-add (app forgets, data creates);
    // merged, the move fails both roots naming the import block, as one run.
    for extra in [&["--allow-add"][..], &[][..]] {
        let doc = same(extra);
        assert_eq!(doc["passed"], false);
        let data = root_of(&doc, "data");
        assert_eq!(data["outcome"], "moved-across-roots", "{data}");
        assert_eq!(
            data["cross_root_moves"][0]["import"]["block"],
            PLACEHOLDER_IMPORT
        );
    }
    // Declared on both sides: it passes, merged or not.
    std::fs::write(repo.join("data/imports.tf"), IMPORT_DATABASE).unwrap();
    assert_eq!(same(&[])["passed"], true);
    std::fs::remove_file(repo.join("data/imports.tf")).unwrap();

    // Two equal objects arrive: the shards cannot tell which one is the
    // database, and the merge fails both roots rather than guess.
    std::fs::write(
        repo.join("data/main.tf"),
        format!(
            "{QUEUE}{DATABASE}{}",
            DATABASE.replace("\"database\"", "\"replica\"")
        ),
    )
    .unwrap();
    let files = shards(&["--allow-add"]);
    let out = merge(&files, "json");
    let doc = json(&out);
    assert_eq!(out.status.code(), Some(1), "{doc}");
    let app = root_of(&doc, "app");
    assert_eq!(app["passed"], false, "{app}");
    assert_eq!(app["outcome"], "moved-across-roots", "{app}");
    assert_eq!(app["cross_root_moves"][0]["possible"], true, "{app}");
    assert_eq!(
        app["cross_root_moves"][0]["blocked"],
        "app and data are checked by different shards, so no shard could tell whether this is one object moved between them: run the check unsharded"
    );
    assert!(app.get("cross_root_candidates").is_none(), "{app}");
    let markdown = String::from_utf8(merge(&files, "markdown").stdout).unwrap();
    assert!(
        markdown.contains("- may have moved across roots: app: terraform\\_data.db -\\> data: terraform\\_data.database; app forgets it"),
        "{markdown}"
    );
    // Unsharded, it fails too: the forgotten database equals both.
    let out = check_head(repo, &["--format", "json", "--allow-add"]);
    let doc = json(&out);
    assert_eq!(out.status.code(), Some(1), "{doc}");
    for dir in ["app", "data"] {
        let r = root_of(&doc, dir);
        assert_eq!(r["outcome"], "moved-across-roots", "{r}");
        assert_eq!(r["cross_root_moves"].as_array().unwrap().len(), 2, "{r}");
        assert_eq!(
            r["cross_root_moves"][1]["blocked"],
            "terraform_data.db equals what other roots create (data: terraform_data.database, data: terraform_data.replica), not one to one, so no check can tell which object it becomes: declare that one with an import block",
            "{r}"
        );
    }

    // Not equal: nothing could pair, and the merge is the unsharded run.
    std::fs::write(
        repo.join("data/main.tf"),
        format!("{QUEUE}{}", DATABASE.replace("size = 20", "size = 40")),
    )
    .unwrap();
    assert_eq!(same(&["--allow-add"])["passed"], true);
}

/// A root the pull request does not touch is unchanged without being
/// planned: here `quiet`, whose `for_each` needs a variable nobody gives,
/// would be not checkable if planned. It is planned, and fails so, as soon
/// as the pull request changes anything it reads: a file in its directory,
/// a module it calls, or a file one of its functions may read.
#[test]
fn a_root_the_pull_request_does_not_touch_is_not_planned() {
    let needs_a_variable = format!(
        "{BACKEND}\nvariable \"regions\" {{\n  type = list(string)\n}}\n\nresource \"terraform_data\" \"r\" {{\n  for_each = toset(var.regions)\n}}\n\nmodule \"m\" {{\n  source = \"../modules/m\"\n}}\n"
    );
    let base = [
        ("quiet/main.tf", needs_a_variable.as_str()),
        (
            "modules/m/main.tf",
            "resource \"terraform_data\" \"inner\" {}\n",
        ),
        ("shared/data.json", "{}\n"),
        (
            "busy/main.tf",
            &*format!("{BACKEND}\nresource \"terraform_data\" \"a\" {{}}\n"),
        ),
    ];
    let outcome = |head: &[(&str, &str)]| {
        let tmp = repo_of(&base, head);
        let doc = json(&check_head(tmp.path(), &["--format", "json"]));
        let quiet = root_of(&doc, "quiet");
        let why = quiet["error"].to_string();
        let out = quiet["outcome"].as_str().unwrap().to_string();
        (out, doc["passed"].clone(), why)
    };
    let busy = format!("{BACKEND}\nresource \"terraform_data\" \"a\" {{\n  input = 1\n}}\n");
    // Another root changes, and a file nothing reads.
    let (quiet, passed, _) = outcome(&[("busy/main.tf", &busy), ("shared/data.json", "[]\n")]);
    assert_eq!(
        (quiet.as_str(), passed),
        ("unchanged", serde_json::json!(true))
    );
    // Its own directory, its module, or a file a function of it may read.
    let reads = needs_a_variable.replace(
        "toset(var.regions)\n",
        "toset(var.regions)\n  input    = file(\"../shared/data.json\")\n",
    );
    assert_ne!(reads, needs_a_variable);
    for head in [
        vec![("quiet/notes.txt", "changed")],
        vec![(
            "modules/m/main.tf",
            "resource \"terraform_data\" \"inner\" {}\n# edited\n",
        )],
    ] {
        let (quiet, _, why) = outcome(&head);
        assert_eq!(quiet, "not-checkable", "{head:?}");
        assert!(why.contains("var.regions"), "{head:?}: {why}");
    }
    let tmp = repo_of(
        &[("quiet/main.tf", reads.as_str()), base[1], base[2], base[3]],
        &[],
    );
    std::fs::write(tmp.path().join("shared/data.json"), "[]\n").unwrap();
    let doc = json(&check_head(tmp.path(), &["--format", "json"]));
    let quiet = root_of(&doc, "quiet");
    assert_eq!(quiet["outcome"], "not-checkable", "{doc}");
    assert!(quiet["error"].to_string().contains("var.regions"), "{doc}");
}

/// The text report leads with the verdict, the counts and the next step;
/// the next step is a command that works: run as printed, then staged,
/// the check passes.
#[test]
fn the_verdict_counts_and_next_step_lead_the_text_report() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let out = check(&repo, &[]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Failed: 6 of 6 root modules.", "{text}");
    assert_eq!(
        lines[1],
        "minimod check: base HEAD~1, head index; 6 root modules: 6 with moved blocks missing.",
        "{text}"
    );
    let next = lines[2]
        .strip_prefix("Next: 6 root modules would destroy objects that were only moved: run `")
        .unwrap_or_else(|| panic!("{text}"));
    let command = &next[..next.find('`').unwrap()];
    assert_eq!(command, "minimod check --base HEAD~1 --fix");
    assert_eq!(lines[3], "", "{text}");
    assert_eq!(lines[4], "envs/dev: moved blocks missing (3)", "{text}");
    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let fixed = common::minimod(&repo).args(&args).output().unwrap();
    assert_eq!(fixed.status.code(), Some(1), "{fixed:?}");
    let again = check(&repo, &[]);
    assert_eq!(again.status.code(), Some(0), "{again:?}");
    let text = String::from_utf8_lossy(&again.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Passed: no root destroys what was only moved.");
    assert_eq!(
        lines[1], "minimod check: base HEAD~1, head index; 6 root modules: 6 proven.",
        "{text}"
    );
    assert!(!text.contains("Next:"), "{text}");
}

#[test]
fn quiet_prints_only_the_verdict() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    for flag in ["-q", "--quiet"] {
        let out = check(&repo, &[flag]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "Failed: 6 of 6 root modules.\n"
        );
    }
    let out = check(&repo, &["-q", "-v"]);
    assert_eq!(out.status.code(), Some(2), "-q and -v conflict");
}

/// `-v` adds what only `--format json` had: each root's plans and the
/// revisions compared.
#[test]
fn verbose_adds_the_plans_and_the_revisions() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let doc = json(&check(&repo, &["--format", "json"]));
    let out = check(&repo, &["-v"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let normal = String::from_utf8_lossy(&check(&repo, &[]).stdout).into_owned();
    assert_eq!(text.lines().next(), normal.lines().next());
    let revisions = format!(
        "Revisions compared: base {}, head {}.\n",
        doc["revisions"]["base"].as_str().unwrap(),
        doc["revisions"]["head"].as_str().unwrap()
    );
    assert!(text.contains(&revisions), "{text}");
    assert!(!normal.contains("Revisions compared"), "{normal}");
    let plan = |p: &serde_json::Value| {
        format!(
            "{} to add, {} to change, {} to destroy",
            p["add"], p["change"], p["destroy"]
        )
    };
    for r in doc["roots"].as_array().unwrap() {
        let want = format!(
            "\n{}: moved blocks missing (3)\n  plan: {}\n  plan with the missing blocks: {}\n",
            r["dir"].as_str().unwrap(),
            plan(&r["plan"]),
            plan(&r["plan_with_blocks"])
        );
        assert!(text.contains(&want), "{want}\n{text}");
    }
    assert!(
        text.contains("  plan: 3 to add, 0 to change, 3 to destroy\n"),
        "{text}"
    );
}

/// `--format sarif`, valid against the SARIF 2.1.0 schema.
fn sarif(out: &Output) -> serde_json::Value {
    let log = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    common::schemas::assert_valid(common::schemas::SARIF, &log, "check --format sarif");
    log
}

fn fingerprint(result: &serde_json::Value) -> String {
    result["partialFingerprints"]["minimodFinding/v1"]
        .as_str()
        .unwrap()
        .to_string()
}

/// SARIF for code scanning: one run whose driver lists a rule per kind
/// of finding, a result per missing block on the line of the declaration
/// it moves to (the module call, line 5 of each environment's main.tf),
/// fingerprints that name the finding and stay the same across runs, and
/// the exit codes of the other formats. Merged shards give the log of one
/// run.
#[test]
fn sarif_gives_each_finding_with_its_rule_place_and_fingerprint() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let out = check(&repo, &["--format", "sarif"]);
    assert_eq!(out.status.code(), Some(1));
    let log = sarif(&out);
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "minimod");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(
        driver["informationUri"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );
    let rules: Vec<&str> = (driver["rules"].as_array().unwrap().iter())
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "moved-blocks-missing",
            "unmatched-destroy",
            "unmatched-create",
            "moved-and-updated",
            "moved-across-roots",
            "new-root",
            "deleted-root",
            "not-checkable",
            "unreached"
        ]
    );
    let results = runs[0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 18, "six roots, three blocks each");
    let mut prints = std::collections::BTreeSet::new();
    for r in results {
        assert_eq!(r["ruleId"], "moved-blocks-missing");
        assert_eq!(r["ruleIndex"], 0);
        assert_eq!(r["level"], "error");
        let text = r["message"]["text"].as_str().unwrap();
        let env = text.split(':').next().unwrap();
        assert!(
            text.contains(&format!("needs a moved block in {env}/moved.tf")),
            "{text}"
        );
        let place = &r["locations"][0]["physicalLocation"];
        assert_eq!(place["artifactLocation"]["uri"], format!("{env}/main.tf"));
        assert_eq!(place["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        let line = std::fs::read_to_string(repo.join(env).join("main.tf")).unwrap();
        let line = line
            .lines()
            .position(|l| l.starts_with("module \"service\""))
            .unwrap()
            + 1;
        assert_eq!(place["region"]["startLine"], line);
        assert_eq!(place["region"]["startColumn"], 1);
        prints.insert(fingerprint(r));
    }
    assert_eq!(prints.len(), 18, "one fingerprint per finding");
    let again = sarif(&check(&repo, &["--format", "sarif"]));
    assert_eq!(again, log, "a second run is the same log");

    let mut files = Vec::new();
    for k in 1..=2 {
        let out = check(&repo, &["--format", "json", "--shard", &format!("{k}/2")]);
        let file = tmp.path().join(format!("shard{k}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file);
    }
    let mut merge = common::minimod(&repo);
    merge.args(["check", "--format", "sarif"]);
    for f in &files {
        merge.arg("--merge").arg(f);
    }
    let merged = merge.output().unwrap();
    assert_eq!(merged.status.code(), Some(1));
    assert_eq!(sarif(&merged), log, "merged shards are one run");

    // Fixed, the log has no result and the check passes.
    assert_eq!(check(&repo, &["--fix"]).status.code(), Some(1));
    let passed = check(&repo, &["--format", "sarif"]);
    assert_eq!(passed.status.code(), Some(0));
    let passed = sarif(&passed);
    assert_eq!(passed["runs"][0]["results"], serde_json::json!([]));
    assert_eq!(
        passed["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );

    // A resource deleted: an unexplained destroy, shown on its root's
    // backend block (the pull request holds no line of it).
    let module = repo.join("modules/service/main.tf");
    let text = std::fs::read_to_string(&module).unwrap();
    let without_queue = text
        .split("resource \"terraform_data\" \"queue\"")
        .next()
        .unwrap();
    std::fs::write(&module, without_queue).unwrap();
    let log = sarif(&check(&repo, &["--format", "sarif"]));
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 6);
    for r in results {
        assert_eq!(r["ruleId"], "unmatched-destroy");
        assert_eq!(r["ruleIndex"], 1);
        let text = r["message"]["text"].as_str().unwrap();
        let env = text.split(':').next().unwrap();
        assert!(
            text.contains("destroy module.service.terraform_data.queue"),
            "{text}"
        );
        let place = &r["locations"][0]["physicalLocation"];
        assert_eq!(place["artifactLocation"]["uri"], format!("{env}/main.tf"));
        // `  backend "local" {}` inside `terraform {`.
        assert_eq!(
            place["region"],
            serde_json::json!({"startLine": 2, "startColumn": 3})
        );
    }
}

/// Every SARIF result has a line of a file (GitHub's code scanning shows
/// none without one): a root that does not load is shown on its first
/// file's first line, a directory no root reaches on its changed file.
#[test]
fn sarif_places_findings_about_a_directory_on_a_file() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let main = repo.join("envs/dev/main.tf");
    let text = std::fs::read_to_string(&main).unwrap();
    std::fs::write(
        &main,
        format!("{text}\nresource \"terraform_data\" \"broken\" {{\n"),
    )
    .unwrap();
    std::fs::create_dir_all(repo.join("stray")).unwrap();
    std::fs::write(repo.join("stray/b.tf"), "variable \"x\" {}\n").unwrap();
    let log = sarif(&check(&repo, &["--format", "sarif"]));
    let results = log["runs"][0]["results"].as_array().unwrap();
    for r in results {
        let place = &r["locations"][0]["physicalLocation"];
        assert!(place["region"]["startLine"].as_u64().is_some(), "{r}");
    }
    let of = |rule: &str| {
        results
            .iter()
            .find(|r| r["ruleId"] == rule)
            .unwrap_or_else(|| panic!("no {rule}: {results:?}"))["locations"][0]["physicalLocation"]
            .clone()
    };
    assert_eq!(
        of("not-checkable"),
        serde_json::json!({
            "artifactLocation": { "uri": "envs/dev/main.tf", "uriBaseId": "%SRCROOT%" },
            "region": { "startLine": 1, "startColumn": 1 },
        })
    );
    assert_eq!(
        of("unreached"),
        serde_json::json!({
            "artifactLocation": { "uri": "stray/b.tf", "uriBaseId": "%SRCROOT%" },
            "region": { "startLine": 1 },
        })
    );
}

/// A check that cannot run writes a SARIF log too, with no results (it
/// proves nothing) and the errors as the invocation's notifications.
#[test]
fn sarif_of_a_check_that_cannot_run_says_so() {
    let tmp = monorepo();
    let repo = tmp.path().join("repo");
    let out = common::run(
        &repo,
        ["check", "--base", "no-such-rev", "--format", "sarif"],
    );
    assert_eq!(out.status.code(), Some(2));
    let log = sarif(&out);
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert_eq!(invocation["exitCode"], 2);
    let notes = invocation["toolExecutionNotifications"].as_array().unwrap();
    assert!(!notes.is_empty());
    assert_eq!(notes[0]["level"], "error");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let summary = notes[0]["message"]["text"]
        .as_str()
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    assert!(
        stderr.contains(&format!("Error: {summary}")),
        "{summary}: {stderr}"
    );
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}
