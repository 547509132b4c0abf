#!/usr/bin/env bash
# Records terraform's side of tests/data/ignore-plan (tests/ignore_plan.rs):
# ignore rules whose pairs terraform must update or replace, and refactors
# given a saved plan (`refactor --plan`).
#
# Usage: tests/data/ignore-plan/record.sh [-o OUT] [CASE...]   (default: every case, in place)
#
# A case with a file named `stubprov` uses providers: they run through the
# stub provider (../shared/tools/stubprov), which MINIMOD_STUBPROV must name,
# bootstrapped (see tests/corpus/providers/README.md).
#
# Per case, in temp copies, with the terraform arguments of <case>/tf-args
# (one a line, -var only) for every apply and plan:
#   1. old/: terraform init && terraform apply -> expected/prior.tfstate
#   2. when <case>/args gives --plan: new/ as it is (no new blocks) against
#      that state: terraform plan -out=p && terraform show -json p
#      -> expected/plan.json, what minimod reads; its volatile fields
#      (timestamp, ids) are what a live re-record may change
#   3. new/ plus the answer key (expected/moves.txt) as moved blocks:
#      terraform plan -refresh=false -out=p && terraform show -json p
#      -> expected/proof.json {add, change, destroy, moves, changes}, where
#      changes are the actions terraform planned per address (no-ops left out).
set -euo pipefail
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
unset TF_LOG || true
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(TF_VAR_[^=]*\)=.*/\1/p')

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out_root="$here"
if [ "${1:-}" = "-o" ]; then
  out_root="$(cd "$2" && pwd)"
  shift 2
fi
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

proof_filter='{
  add: [.resource_changes[]? | select(.change.actions | index("create"))] | length,
  change: [.resource_changes[]? | select(.change.actions | index("update"))] | length,
  destroy: [.resource_changes[]? | select(.change.actions | index("delete"))] | length,
  moves: [.resource_changes[]? | select(.previous_address) | {from: .previous_address, to: .address}],
  changes: [.resource_changes[]? | select(.change.actions != ["no-op"]) | {address, actions: .change.actions}]
}'

# terraform init, through the stub provider when the case uses it.
tf_init() {
  if [ -f "$src/stubprov" ]; then
    "$stub/venv/bin/python" "$stub/stubprov.py" setup . >/dev/null
    TF_CLI_CONFIG_FILE="$stub/terraformrc" terraform init -input=false -no-color >/dev/null
  else
    terraform init -input=false -no-color >/dev/null
  fi
}

for name in "${cases[@]}"; do
  src="$here/$name"
  stub="${MINIMOD_STUBPROV:-}"
  # A live run that did not ask for the stub provider leaves its cases out
  # (the tests then compare only the others).
  if [ -f "$src/stubprov" ] && [ -n "${MINIMOD_SKIP_STUB_CASES:-}" ]; then
    echo "$name: skipped (it runs through the stub provider, not asked for)" >&2
    continue
  fi
  if [ -f "$src/stubprov" ]; then
    if [ -z "$stub" ] || [ ! -x "$stub/venv/bin/python" ] || [ ! -f "$stub/stubprov.py" ]; then
      echo "record.sh: $name needs MINIMOD_STUBPROV, a bootstrapped stubprov (got '$stub')" >&2
      exit 1
    fi
    export TF_CLI_CONFIG_FILE="$stub/terraformrc"
  else
    export TF_CLI_CONFIG_FILE=/dev/null
  fi
  out="$out_root/$name/expected"
  tmp="$work/$name"
  mkdir -p "$tmp" "$out"
  cp -R "$src/old" "$tmp/old"
  cp -R "$src/new" "$tmp/new"
  args=()
  if [ -f "$src/tf-args" ]; then
    while IFS= read -r a || [ -n "$a" ]; do args+=("$a"); done <"$src/tf-args"
  fi
  (
    cd "$tmp/old"
    tf_init
    terraform apply -auto-approve -input=false -no-color ${args[@]+"${args[@]}"} >/dev/null
  )
  cp "$tmp/old/terraform.tfstate" "$out/prior.tfstate"

  if grep -q -- '--plan' "$src/args" 2>/dev/null; then
    cp -R "$src/new" "$tmp/saved"
    (
      cd "$tmp/saved"
      cp "$out/prior.tfstate" terraform.tfstate
      tf_init
      terraform plan -input=false -no-color ${args[@]+"${args[@]}"} -out="$tmp/saved.plan" >/dev/null
      terraform show -json "$tmp/saved.plan" | jq . >"$out/plan.json"
    )
  fi

  while IFS= read -r line || [ -n "$line" ]; do
    [ -z "$line" ] && continue
    printf 'moved {\n  from = %s\n  to   = %s\n}\n\n' "${line%% -> *}" "${line#* -> }" >>"$tmp/new/moved.tf"
  done <"$src/expected/moves.txt"
  (
    cd "$tmp/new"
    cp "$out/prior.tfstate" terraform.tfstate
    tf_init
    terraform plan -refresh=false -input=false -no-color ${args[@]+"${args[@]}"} -out="$tmp/p" >/dev/null
    terraform show -json "$tmp/p" | jq "$proof_filter" >"$out/proof.json"
  )
  echo "$name: $(jq -c '[.add, .change, .destroy, (.moves | length)]' "$out/proof.json")" >&2
done
