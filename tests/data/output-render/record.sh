#!/usr/bin/env bash
# Records terraform's "Changes to Outputs:" for this directory (README.md).
# Usage: tests/data/output-render/record.sh [OUTDIR]  (default: expected/ here)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/expected}"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
cp -r "$here/old" "$here/new" "$work/"
(cd "$work/old" && terraform init -input=false >/dev/null && terraform apply -auto-approve -input=false -no-color >/dev/null)
jq -S . "$work/old/terraform.tfstate" >"$out/prior.tfstate"
cp "$work/old/terraform.tfstate" "$work/new/terraform.tfstate"
(cd "$work/new" && terraform init -input=false >/dev/null && terraform plan -refresh=false -input=false -no-color) |
  awk '/^Changes to Outputs:$/ { on = 1 } on && /^$/ { exit } on' >"$out/outputs.txt"
