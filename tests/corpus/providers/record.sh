#!/usr/bin/env bash
# Records what terraform says about every case of the real-provider corpus,
# through the stub provider (see README.md beside this script).
#
# Usage: tests/corpus/providers/record.sh [-C CORPUS] [-o OUTDIR] [CASE ...]
#   CORPUS  the corpus directory (default: this one); tests/corpus/upstream
#           is recorded the same way, its cases holding their own modules
#   OUTDIR  where <case>/expected/{prior.tfstate,*.json} and schemas.json
#           are written (default: the corpus, i.e. the committed records)
#   CASE    case directory names (default: every directory with old/)
#
# Needs terraform (1.11) and jq on PATH, and MINIMOD_STUBPROV pointing at a
# bootstrapped copy of ../shared/tools/stubprov (cp -r it somewhere writable,
# then run its bootstrap.sh).
#
# Per case, in a scratch copy of this directory (so `../../modules/...`
# sources resolve as they do in the corpus):
#   1. apply old/ with the stub            -> expected/prior.tfstate (keys sorted)
#   2. plan -refresh=false of old/         -> expected/plan-old.json
#   3. plan -refresh=false of new/         -> expected/plan-new.json
#   4. the same with moves.txt as moved blocks -> expected/proof.json
# each plan with what it does to the root's outputs (`outputs` in the JSON,
# and its "Changes to Outputs:" text in expected/<plan>.outputs.txt),
# and `terraform providers schema -json` of each side, merged over every
# case into schemas.json.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ "${1:-}" = "-C" ]; then
  here="$(cd "$2" && pwd)"
  shift 2
fi
outdir="$here"
if [ "${1:-}" = "-o" ]; then
  outdir="$2"
  shift 2
fi
mkdir -p "$outdir"
outdir="$(cd "$outdir" && pwd)"

stub="${MINIMOD_STUBPROV:-}"
if [ -z "$stub" ] || [ ! -x "$stub/venv/bin/python" ] || [ ! -f "$stub/stubprov.py" ]; then
  echo "record.sh: MINIMOD_STUBPROV must name a bootstrapped stubprov (got '${stub}')" >&2
  exit 2
fi
command -v terraform >/dev/null || { echo "record.sh: terraform not on PATH" >&2; exit 2; }
command -v jq >/dev/null || { echo "record.sh: jq not on PATH" >&2; exit 2; }

if [ "$#" -gt 0 ]; then
  cases=("$@")
else
  cases=()
  for d in "$here"/*/; do
    [ -d "$d/old" ] && cases+=("$(basename "$d")")
  done
fi

export TF_CLI_CONFIG_FILE="$stub/terraformrc" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
unset TF_CLI_ARGS TF_DATA_DIR
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" "$work/schemas"
if [ -d "$here/modules" ]; then
  cp -r "$here/modules" "$work/corpus/modules"
fi

tf() { terraform "$@" -no-color; }

# The plan a saved plan file holds, reduced to what is terraform's decision
# and does not depend on the stub's invented ids: every entry that is not a
# plain no-op (moved no-ops stay), with its actions, reason and, for
# updates, the top-level attributes that change (or become unknown).
reduce_plan() {
  jq -S '. as $plan | 
    def changed:
      . as $c
      | [($c.before // {} | keys[]), ($c.after // {} | keys[]), ($c.after_unknown // {} | keys[])]
      | unique
      | map(select(($c.before[.] != $c.after[.]) or ($c.after_unknown[.] == true)));
    [.resource_changes[]?
     | select(.change.actions != ["no-op"] or .previous_address != null)
     | {address, actions: .change.actions}
       + (if .previous_address then {previous_address} else {} end)
       + (if .action_reason then {action_reason} else {} end)
       + (if .change.actions == ["update"] then {changed: (.change | changed)} else {} end)]
    | sort_by(.address)
    | {
        add: (map(select(.actions | index("create"))) | length),
        change: (map(select(.actions == ["update"])) | length),
        destroy: (map(select(.actions | index("delete"))) | length),
        changes: .
      }
    + {outputs: ($plan.output_changes // {}
        | map_values({actions, after_unknown, before_sensitive, after_sensitive}))}'
}

# moves.txt (`FROM -> TO` lines, `# in DIR` sends the next ones to DIR) as
# moved.tf files under the directory $1.
write_moves() {
  local root="$1" dir="." line from to
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
      '# in '*) dir="${line#\# in }"; continue ;;
      '' | '#'*) continue ;;
    esac
    from="${line%% -> *}"
    to="${line#* -> }"
    mkdir -p "$root/$dir"
    printf 'moved {\n  from = %s\n  to   = %s\n}\n\n' "$from" "$to" >>"$root/$dir/moved.tf"
  done
}

# setup + init of one configuration directory.
prepare() {
  "$stub/venv/bin/python" "$stub/stubprov.py" setup "$1" >/dev/null
  (cd "$1" && tf init -input=false >"$work/init.log" 2>&1) || { cat "$work/init.log" >&2; return 1; }
}

# plan -refresh=false of $1 against $2 (a state file), reduced, to $3.json,
# and the plan text's "Changes to Outputs:" section (up to its first empty
# line; nothing when no output changes) to $3.outputs.txt.
plan_of() {
  local dir="$1" state="$2" out="$3"
  cp "$state" "$dir/terraform.tfstate"
  (cd "$dir" && tf plan -refresh=false -input=false -lock=false -out=tfplan >"$work/plan.log" 2>&1) ||
    { cat "$work/plan.log" >&2; return 1; }
  (cd "$dir" && terraform show -json tfplan) | reduce_plan >"$out.json"
  (cd "$dir" && tf show tfplan) | awk '/^Changes to Outputs:$/ { on = 1 } on && /^$/ { exit } on' >"$out.outputs.txt"
}

for case in "${cases[@]}"; do
  src="$here/$case"
  [ -d "$src/old" ] || { echo "record.sh: no case $case" >&2; exit 2; }
  w="$work/corpus/$case"
  mkdir -p "$w"
  cp -r "$src/old" "$src/new" "$w/"
  cp -r "$src/new" "$w/keyed"
  write_moves "$w/keyed" <"$src/moves.txt"
  out="$outdir/$case"
  mkdir -p "$out/expected"

  prepare "$w/old"
  (cd "$w/old" && tf apply -auto-approve -input=false -lock=false >"$work/apply.log" 2>&1) ||
    { cat "$work/apply.log" >&2; exit 1; }
  jq -S . "$w/old/terraform.tfstate" >"$out/expected/prior.tfstate"
  plan_of "$w/old" "$out/expected/prior.tfstate" "$out/expected/plan-old"
  (cd "$w/old" && terraform providers schema -json) >"$work/schemas/$case-old.json"
  jq -S -c . "$work/schemas/$case-old.json" >"$out/expected/schemas-old.json"

  prepare "$w/new"
  plan_of "$w/new" "$out/expected/prior.tfstate" "$out/expected/plan-new"
  (cd "$w/new" && terraform providers schema -json) >"$work/schemas/$case-new.json"
  jq -S -c . "$work/schemas/$case-new.json" >"$out/expected/schemas-new.json"

  prepare "$w/keyed"
  plan_of "$w/keyed" "$out/expected/prior.tfstate" "$out/expected/proof"
  (cd "$w/keyed" && terraform providers schema -json) | jq -S -c . >"$out/expected/schemas-proof.json"
  # A plan's schema is kept only where it differs from the one before it
  # (the stub infers a schema per configuration; most sides agree).
  cmp -s "$out/expected/schemas-proof.json" "$out/expected/schemas-new.json" &&
    rm "$out/expected/schemas-proof.json"
  cmp -s "$out/expected/schemas-new.json" "$out/expected/schemas-old.json" &&
    rm "$out/expected/schemas-new.json"
  echo "$case: $(jq -c '{add, change, destroy}' "$out/expected/proof.json")" >&2
done

# Recording some cases only adds to the schemas already recorded.
if [ "$#" -gt 0 ] && [ -f "$outdir/schemas.json" ]; then
  cp "$outdir/schemas.json" "$work/schemas/~previous.json"
fi

# One document in `providers schema -json`'s shape: every provider, and every
# type's attributes and blocks, united over all the configurations (the
# stub infers a schema per configuration from what that configuration uses).
jq -S -s '
  def unite(a; b):
    if (a | type) == "object" and (b | type) == "object"
    then reduce (b | keys[]) as $k (a; .[$k] = (if has($k) then unite(.[$k]; b[$k]) else b[$k] end))
    else a end;
  reduce .[] as $doc ({}; unite(.; $doc))' "$work"/schemas/*.json >"$outdir/schemas.json"
