#!/usr/bin/env bash
# Records terraform's answers for tests/verify_replace.rs (see README.md).
set -euo pipefail
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$here/expected"
cp -R "$here/old" "$work/old"
cp -R "$here/new" "$work/new"
(
  cd "$work/old"
  terraform init -input=false -no-color >/dev/null
  terraform apply -auto-approve -input=false -no-color >/dev/null
)
cp "$work/old/terraform.tfstate" "$here/expected/prior.tfstate"
printf 'moved {\n  from = module.app_v1\n  to   = module.app\n}\n' >"$work/new/moved.tf"
(
  cd "$work/new"
  cp "$here/expected/prior.tfstate" terraform.tfstate
  terraform init -input=false -no-color >/dev/null
  terraform plan -refresh=false -input=false -no-color -out=p >/dev/null
  terraform show -json p | jq . >"$here/expected/plan.json"
)
jq -c '[.resource_changes[] | {address, actions: .change.actions, action_reason}]' "$here/expected/plan.json" >&2

# A replacement the provider forces (terraform_data's triggers_replace
# changes): show -json with replace_paths -> replace-paths.json.
mkdir -p "$work/forced"
printf 'resource "terraform_data" "a" {\n  triggers_replace = "v1"\n}\n' >"$work/forced/main.tf"
(
  cd "$work/forced"
  terraform init -input=false -no-color >/dev/null
  terraform apply -auto-approve -input=false -no-color >/dev/null
  sed -i 's/"v1"/"v2"/' main.tf
  terraform plan -refresh=false -input=false -no-color -out=p >/dev/null
  terraform show -json p | jq . >"$here/expected/replace-paths.json"
)
jq -c '[.resource_changes[] | {address, actions: .change.actions, action_reason, replace_paths: .change.replace_paths}]' "$here/expected/replace-paths.json" >&2
