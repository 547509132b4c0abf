#!/usr/bin/env bash
# The "apply OLD, plan NEW" job: records what the real terraform plans for
# every case of a corpus laid out as `<case>/{old,new,args,env}` into
# `<case>/expected/`. Three corpora share it (tests/record names them):
# the plan corpus (tests/corpus/plans, the default; tests/plan_corpus.rs),
# tests/data/moves (src/plan/moves/recorded_tests.rs) and
# tests/data/state/moves (src/state/tests.rs).
#
# Usage: tests/corpus/plans/record.sh [-C CORPUS] [-r RECORDS] [-o OUT_ROOT] [CASE...]
#   CORPUS    the corpus root (default: this directory)
#   RECORDS   what is kept of the plan, see below (default: text)
#   OUT_ROOT  write OUT_ROOT/<case>/expected/ instead of the corpus itself
#             (the live test records into a scratch tree and diffs)
#   CASE      case directory names (default: every case)
#
# Per case, in temp copies (nothing but expected/ is written to the repo):
#   1. old/: terraform init && terraform apply ARGS; then <case>/prepare.sh,
#      if any, runs there (e.g. `terraform state mv`, to reach a state no
#      configuration produces)   -> expected/prior.tfstate
#      (kept exactly as written: real ids, lineage and serial)
#   2. new/ with prior.tfstate as terraform.tfstate: terraform init, then
#      terraform plan -refresh=false ARGS, recorded as RECORDS says:
#   text (the plan corpus):
#      success -> expected/plan.txt      (human output, ids scrubbed)
#                 expected/plan.json     (show -json of a saved plan:
#                                         resource_changes, stable fields only)
#                 expected/summary.json  (counts and moves computed from it)
#      failure -> expected/stderr.txt + expected/exit (plan's; when init
#                 already rejects the configuration, its own stderr goes to
#                 expected/init-stderr.txt and plan still runs)
#   diags (tests/data/moves):
#      expected/diags.json   every diagnostic of `terraform plan -json`
#                            (severity, summary, detail, "FILE:LINE,COL")
#      expected/changes.txt  when the plan succeeds: "ADDRESS<TAB>PREVIOUS<TAB>
#                            ACTIONS" per resource change (PREVIOUS "-" when
#                            not moved)
#   moves (tests/data/state/moves):
#      expected/moves.txt    "PREVIOUS -> ADDRESS" per moved resource change
# ARGS: <case>/args, one argument a line. ENV: <case>/env, NAME=VALUE lines.
# Both apply to old/ and new/ alike; every inherited TF_VAR_* is removed.
# STUB: a case with a <case>/stubprov file uses provider types (aws_vpc, ...)
# served offline by the stub provider: STUBPROV must name a bootstrapped copy
# (MINIMOD_STUBPROV, as the other recorders take it, works too)
# of it (see its README); each side is set up with it, and new/'s
# `terraform providers schema -json` goes to expected/schemas.json (which
# minimod then reads with --schemas).
set -euo pipefail
STUBPROV=${STUBPROV:-${MINIMOD_STUBPROV:-}}
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
unset TF_LOG || true
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(TF_VAR_[^=]*\)=.*/\1/p')

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
records=text
out_root=""
while [ "$#" -ge 2 ]; do
  case "$1" in
    -C) here="$(cd "$2" && pwd)" ;;
    -r) records="$2" ;;
    -o) out_root="$2" ;;
    *) break ;;
  esac
  shift 2
done
case "$records" in
  text | diags | moves) ;;
  *) echo "record.sh: RECORDS is text, diags or moves, not $records" >&2; exit 2 ;;
esac
out_root="${out_root:-$here}"
mkdir -p "$out_root"
out_root="$(cd "$out_root" && pwd)"

if [ "$#" -gt 0 ]; then
  cases=("$@")
else
  cases=()
  for d in "$here"/*/; do
    [ -d "$d/old" ] && cases+=("$(basename "$d")")
  done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# terraform_data ids are random UUIDs, the stub provider's `stub-` and 16
# hex digits, and plantimestamp() the time of the run: one placeholder for
# each kind.
scrub() {
  sed -E -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/<uuid>/g' \
    -e 's/stub-[0-9a-f]{16}/stub-<id>/g' \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z/<timestamp>/g'
}

# Human text made stable: ids scrubbed; the data source progress lines
# ("<addr>: Reading...", "Read complete after Ns") dropped; and each run of
# bullet lines in a warning or error (" - addr", "  - addr could not move")
# sorted, since terraform lists them in Go map order, which varies run to run.
normalize_text() {
  scrub | sed -E '/^[^ ].*: (Reading\.\.\.|Read complete after .*)$/d' | awk '
    function flush(  i, cmd) {
      if (n == 0) return
      fflush()
      cmd = "LC_ALL=C sort"
      for (i = 1; i <= n; i++) print buf[i] | cmd
      close(cmd)
      n = 0
    }
    /^  ?- [^ ]/ && !/(resource|data) "/ { buf[++n] = $0; next }
    { flush(); print }
    END { flush() }'
}

# The stable part of `terraform show -json`'s resource_changes: values
# (which hold the ids) and the provider's schema details are dropped.
plan_json_filter='
  [.resource_changes[]? | {address}
    + (if .previous_address then {previous_address} else {} end)
    + (if .module_address then {module_address} else {} end)
    + {mode, type, name}
    + (if has("index") then {index} else {} end)
    + {provider_name, change: {actions: .change.actions}}
    + (if .action_reason then {action_reason} else {} end)]'

summary_filter='{
  add: [.[] | select(.change.actions | index("create"))] | length,
  change: [.[] | select(.change.actions | index("update"))] | length,
  destroy: [.[] | select(.change.actions | index("delete"))] | length,
  forget: [.[] | select(.change.actions | index("forget"))] | length,
  moves: [.[] | select(.previous_address) | {from: .previous_address, to: .address}]
}'

# RECORDS diags and moves, in new/'s work dir: a JSON plan's diagnostics
# and changes, or its moves.
plan_records() {
  local rc=0
  if [ "$records" = moves ]; then
    tf plan -refresh=false -input=false -no-color "${args[@]}" -out="$tmp/p" >/dev/null
    tf show -json "$tmp/p" | python3 -c '
import json,sys
p=json.load(sys.stdin)
for rc in p.get("resource_changes", []):
    if rc.get("previous_address"):
        print(rc["previous_address"]+" -> "+rc["address"])
' >"$out/moves.txt"
    echo "$name: $(wc -l <"$out/moves.txt") moves" >&2
    return
  fi
  tf plan -json -refresh=false -input=false "${args[@]}" -out="$tmp/p" >"$tmp/plan.jsonl" || rc=$?
  python3 - "$tmp/plan.jsonl" >"$out/diags.json" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m.get("type") != "diagnostic":
        continue
    d = m["diagnostic"]
    r = d.get("range")
    at = "%s:%d,%d" % (r["filename"], r["start"]["line"], r["start"]["column"]) if r else None
    out.append({"severity": d["severity"], "summary": d["summary"], "detail": d.get("detail", ""), "at": at})
print(json.dumps(out, indent=1, ensure_ascii=False))
PY
  if [ "$rc" -eq 0 ]; then
    tf show -json "$tmp/p" | python3 -c '
import json,sys
p=json.load(sys.stdin)
for rc in p.get("resource_changes", []):
    print("%s\t%s\t%s" % (rc["address"], rc.get("previous_address", "-"), ",".join(rc["change"]["actions"])))
' >"$out/changes.txt"
  fi
  echo "$name: plan rc=$rc, $(grep -c summary "$out/diags.json" || true) diagnostics" >&2
}

for name in "${cases[@]}"; do
  src="$here/$name"
  # A live run that did not ask for the stub provider leaves its cases out
  # (the tests then compare only the others).
  if [ -f "$src/stubprov" ] && [ -n "${MINIMOD_SKIP_STUB_CASES:-}" ]; then
    echo "$name: skipped (it runs through the stub provider, not asked for)" >&2
    continue
  fi
  [ -d "$src/old" ] && [ -d "$src/new" ] || {
    echo "$name: no old/ and new/" >&2
    exit 1
  }
  out="$out_root/$name/expected"
  rm -rf "$out"
  mkdir -p "$out"
  tmp="$work/$name"
  mkdir -p "$tmp"
  cp -R "$src/old" "$tmp/old"
  cp -R "$src/new" "$tmp/new"

  args=()
  if [ -f "$src/args" ]; then
    while IFS= read -r a || [ -n "$a" ]; do [ -n "$a" ] && args+=("$a"); done <"$src/args"
  fi
  envs=()
  if [ -f "$src/env" ]; then
    while IFS= read -r e || [ -n "$e" ]; do [ -n "$e" ] && envs+=("$e"); done <"$src/env"
  fi
  stub=""
  if [ -f "$src/stubprov" ]; then
    [ -n "${STUBPROV:-}" ] && [ -x "$STUBPROV/venv/bin/python" ] || {
      echo "$name: needs the stub provider: set STUBPROV to a bootstrapped copy of it" >&2
      exit 1
    }
    stub="$STUBPROV"
    for side in old new; do
      "$stub/venv/bin/python" "$stub/stubprov.py" setup "$tmp/$side" >/dev/null
    done
    envs+=("TF_CLI_CONFIG_FILE=$stub/terraformrc")
  fi
  tf() { env "${envs[@]}" terraform "$@"; }

  (
    cd "$tmp/old"
    tf init -input=false -no-color >"$tmp/old.log" 2>&1
    tf apply -auto-approve -input=false -no-color "${args[@]}" >>"$tmp/old.log" 2>&1
    if [ -f "$src/prepare.sh" ]; then bash "$src/prepare.sh" >>"$tmp/old.log" 2>&1; fi
  ) || {
    cat "$tmp/old.log" >&2
    echo "$name: applying old/ failed" >&2
    exit 1
  }
  cp "$tmp/old/terraform.tfstate" "$out/prior.tfstate"

  cd "$tmp/new"
  cp "$out/prior.tfstate" terraform.tfstate
  rc=0
  tf init -input=false -no-color >"$tmp/init.out" 2>"$tmp/init.err" || rc=$?
  if [ "$rc" -ne 0 ] && [ "$records" = text ]; then
    # init rejects a configuration that does not load, with a preamble and
    # (for moved blocks) every error twice; plan run without init reports
    # each error once, and that is what minimod's plan must match.
    normalize_text <"$tmp/init.err" >"$out/init-stderr.txt"
    echo "$name: init failed ($rc)" >&2
  fi
  if [ "$records" != text ]; then
    plan_records
    cd "$here"
    continue
  fi
  rc=0
  tf plan -refresh=false -input=false -no-color "${args[@]}" >"$tmp/plan.out" 2>"$tmp/plan.err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    normalize_text <"$tmp/plan.err" >"$out/stderr.txt"
    echo "$rc" >"$out/exit"
    echo "$name: plan failed ($rc)" >&2
    cd "$here"
    continue
  fi
  if [ -s "$tmp/plan.err" ]; then normalize_text <"$tmp/plan.err" >"$out/plan-stderr.txt"; fi
  if [ -n "$stub" ]; then tf providers schema -json | jq -S . >"$out/schemas.json"; fi
  normalize_text <"$tmp/plan.out" >"$out/plan.txt"
  tf plan -refresh=false -input=false -no-color "${args[@]}" -out="$tmp/p" >/dev/null
  tf show -json "$tmp/p" | jq "$plan_json_filter" | scrub >"$out/plan.json"
  jq "$summary_filter" "$out/plan.json" >"$out/summary.json"
  echo "$name: $(jq -c '[.add, .change, .destroy, .forget, (.moves | length)]' "$out/summary.json")" >&2
  cd "$here"
done
