#!/usr/bin/env bash
# Records the states terraform writes for each case: CASE/v1.tfstate, the
# apply of CASE/v1/; CASE/v2.tfstate, the apply of CASE/v2/ over it (when
# the case has a v2/); and CASE/VERSION.out, what each apply printed from
# "Apply complete!" on.
# Usage: record.sh [-o OUT] [CASE...]   (OUT: laid out as here)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here
if [ "${1:-}" = "-o" ]; then
  out=$2
  shift 2
fi
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for d in "$here"/*/; do cases+=("$(basename "$d")"); done
fi
export TF_CLI_CONFIG_FILE=/dev/null
for c in "${cases[@]}"; do
  work=$(mktemp -d)
  mkdir -p "$out/$c"
  for v in v1 v2; do
    [ -d "$here/$c/$v" ] || continue
    rm -rf "$work/cfg" && cp -r "$here/$c/$v" "$work/cfg"
    [ -f "$work/terraform.tfstate" ] && cp "$work/terraform.tfstate" "$work/cfg/"
    terraform -chdir="$work/cfg" init -input=false -no-color >/dev/null
    terraform -chdir="$work/cfg" apply -auto-approve -input=false -no-color >"$work/apply.out"
    # What apply prints from its summary on (what minimod prints).
    sed -n '/^Apply complete!/,$p' "$work/apply.out" >"$out/$c/$v.out"
    cp "$work/cfg/terraform.tfstate" "$work/terraform.tfstate"
    cp "$work/cfg/terraform.tfstate" "$out/$c/$v.tfstate"
  done
  rm -rf "$work"
done
