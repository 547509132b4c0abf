#!/usr/bin/env bash
# Records what terraform says about every case of the cross-root corpus:
# refactors that move objects from one root module (one state) to another.
#
# Usage: tests/corpus/cross-root/record.sh [-o OUTDIR] [CASE ...]
#   OUTDIR  where <case>/expected/{prior-<root>.tfstate,*.json} are
#           written (default: this directory, i.e. the committed records)
#
# Needs terraform (1.11) and jq on PATH; terraform_data only, no provider.
# Per case, in a scratch copy:
#   1. apply every root's old/              -> expected/prior-<root>.tfstate (keys sorted)
#   2. key.txt's blocks: a moved block where a line stays in its root; a
#      removed block (destroy = false) in the source and an import block
#      (the id the source state records) in the destination where it
#      crosses; plan -refresh=false of every new/      -> expected/blocks-<root>.json
#   3. instead, key.txt's crossing lines as `terraform state mv -state=A
#      -state-out=B`, then the plans with only the moved blocks
#                                                       -> expected/commands-<root>.json
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
outdir="$here"
if [ "${1:-}" = "-o" ]; then
  outdir="$2"
  shift 2
fi
mkdir -p "$outdir"
outdir="$(cd "$outdir" && pwd)"
command -v terraform >/dev/null || { echo "record.sh: terraform not on PATH" >&2; exit 2; }
command -v jq >/dev/null || { echo "record.sh: jq not on PATH" >&2; exit 2; }

if [ "$#" -gt 0 ]; then
  cases=("$@")
else
  cases=()
  for d in "$here"/*/; do
    [ -f "$d/key.txt" ] && cases+=("$(basename "$d")")
  done
fi

export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
unset TF_CLI_ARGS TF_DATA_DIR
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(TF_VAR_[^=]*\)=.*/\1/p')
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

tf() { terraform "$@" -no-color; }

# A saved plan reduced to terraform's decisions (no ids, which are random):
# every entry that is not a plain no-op, with its actions, where it moved
# from and whether it is imported; and the summary's counts.
reduce_plan() {
  jq -S '
    [.resource_changes[]?
     | select(.change.actions != ["no-op"] or .previous_address != null or .change.importing != null)
     | {address, actions: .change.actions}
       + (if .previous_address then {previous_address} else {} end)
       + (if .change.importing then {importing: true} else {} end)]
    | sort_by(.address)
    | {
        add: (map(select(.actions | index("create"))) | length),
        change: (map(select(.actions == ["update"])) | length),
        destroy: (map(select(.actions | index("delete"))) | length),
        import: (map(select(.importing)) | length),
        forget: (map(select(.actions == ["forget"])) | length),
        changes: .
      }'
}

# plan -refresh=false of directory $1 against state file $2, reduced.
plan_of() {
  cp "$2" "$1/terraform.tfstate"
  (cd "$1" && tf init -input=false >"$work/init.log" 2>&1) || { cat "$work/init.log" >&2; return 1; }
  (cd "$1" && tf plan -refresh=false -input=false -lock=false -out=tfplan >"$work/plan.log" 2>&1) ||
    { cat "$work/plan.log" >&2; return 1; }
  (cd "$1" && terraform show -json tfplan) | reduce_plan
}

# The removed block's `from` for an instance: its resource, no keys.
resource_of() {
  printf '%s' "$1" | sed -E 's/\[[^]]*\]//g'
}

for case in "${cases[@]}"; do
  src="$here/$case"
  out="$outdir/$case"
  mkdir -p "$out/expected"
  w="$work/$case"
  mkdir -p "$w"
  roots=()
  for d in "$src"/*/; do
    [ -d "$d/old" ] && roots+=("$(basename "$d")")
  done

  # 1. every old root applied from nothing.
  for r in "${roots[@]}"; do
    mkdir -p "$w/$r"
    cp -r "$src/$r/old" "$w/$r/old"
    (cd "$w/$r/old" && tf init -input=false >/dev/null && tf apply -auto-approve -input=false -lock=false >"$work/apply.log" 2>&1) ||
      { cat "$work/apply.log" >&2; exit 1; }
    jq -S . "$w/$r/old/terraform.tfstate" >"$out/expected/prior-$r.tfstate"
    cp -r "$src/$r/new" "$w/$r/blocks"
    cp -r "$src/$r/new" "$w/$r/commands"
    cp "$out/expected/prior-$r.tfstate" "$w/$r/commands.tfstate"
  done

  # 2. and 3. the key as blocks, and as state mv commands.
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in '' | '#'*) continue ;; esac
    read -r ra from arrow rb to <<<"$line"
    [ "$arrow" = "->" ] || { echo "record.sh: $case/key.txt: not 'ROOT FROM -> ROOT TO': $line" >&2; exit 2; }
    if [ "$ra" = "$rb" ]; then
      for dir in blocks commands; do
        printf 'moved {\n  from = %s\n  to   = %s\n}\n\n' "$from" "$to" >>"$w/$ra/$dir/moved.tf"
      done
      continue
    fi
    res="$(resource_of "$from")"
    grep -qxF "  from = $res" "$w/$ra/blocks/removed.tf" 2>/dev/null ||
      printf 'removed {\n  from = %s\n\n  lifecycle {\n    destroy = false\n  }\n}\n\n' "$res" >>"$w/$ra/blocks/removed.tf"
    id="$(jq -r --arg a "$from" '
      .resources[] | select(.mode == "managed")
      | ((if .module then .module + "." else "" end) + .type + "." + .name) as $base
      | .instances[]
      | select(($base + (if .index_key == null then "" else "[" + (.index_key | tojson) + "]" end)) == $a)
      | .attributes.id' "$out/expected/prior-$ra.tfstate")"
    [ -n "$id" ] && [ "$id" != null ] || { echo "record.sh: $case: no id for $from in expected/prior-$ra.tfstate" >&2; exit 1; }
    printf 'import {\n  to = %s\n  id = "%s"\n}\n\n' "$to" "$id" >>"$w/$rb/blocks/imports.tf"
    (cd "$w" && tf state mv -lock=false -state="$ra/commands.tfstate" -state-out="$rb/commands.tfstate" "$from" "$to" >"$work/mv.log" 2>&1) ||
      { cat "$work/mv.log" >&2; exit 1; }
  done <"$src/key.txt"

  for r in "${roots[@]}"; do
    plan_of "$w/$r/blocks" "$out/expected/prior-$r.tfstate" >"$out/expected/blocks-$r.json"
    plan_of "$w/$r/commands" "$w/$r/commands.tfstate" >"$out/expected/commands-$r.json"
    echo "$case/$r: blocks $(jq -c '{add, change, destroy, "import": .["import"], forget}' "$out/expected/blocks-$r.json")," \
      "commands $(jq -c '{add, change, destroy}' "$out/expected/commands-$r.json")" >&2
  done
done
