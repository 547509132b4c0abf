#!/usr/bin/env bash
# Records the state terraform writes for main.tf into OUT (default: here).
# Usage: record.sh [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/main.tf" "$work/"
export TF_CLI_CONFIG_FILE=/dev/null
terraform -chdir="$work" init -input=false -no-color >/dev/null
terraform -chdir="$work" apply -auto-approve -input=false -no-color >/dev/null
cp "$work/terraform.tfstate" "$out/terraform.tfstate"
