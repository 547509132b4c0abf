#!/usr/bin/env bash
# Records `terraform providers schema -json` of terraform's built-in provider
# (terraform_data, terraform_remote_state) into builtin.json, which the unit
# tests of src/providers/schema.rs read: minimod's built-in schema of
# terraform_data must be terraform's own.
#
# Usage: tests/data/schemas/record.sh [OUT_FILE]   (default: builtin.json here)
set -euo pipefail
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/builtin.json}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo 'resource "terraform_data" "a" {}' >"$work/main.tf"
(cd "$work" && terraform init -input=false -no-color >/dev/null)
# Functions and descriptions change with terraform versions; resources are
# what minimod reads.
(cd "$work" && terraform providers schema -json) |
  jq -S '{format_version, provider_schemas: (.provider_schemas | map_values({resource_schemas}))}' >"$out"
