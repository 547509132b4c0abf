#!/usr/bin/env bash
# Records terraform's ground truth for the address corpus.
#
#   tests/corpus/configs/<case>/        -> expected/state-list.txt, expected/outputs.json
#   tests/corpus/config-errors/<case>/  -> expected/stderr.txt, expected/summary.txt
#
# Each case is copied to a temp dir (without expected/, args, env, NOTE) and run
# there: `terraform init`, then `apply -auto-approve` (or `plan` for error
# cases) with the case's `args` file (one CLI argument per line, no quoting) and
# `env` file (NAME=VALUE per line, split at the first "="). An error case whose
# init already fails records init's stderr instead.
#
# A case holding a file named MANUAL is not recorded into expected/: its
# expectation is hand-written (e.g. OpenTofu-only behaviour). terraform's view
# of it goes to expected/terraform-state-list.txt for comparison.
#
# Usage: record.sh [OUT_ROOT] [CASE...]
#   OUT_ROOT: directory that receives <kind>/<case>/expected/... (defaults to
#   tests/corpus, i.e. rewrite the committed records). CASE names restrict the
#   run to those cases.
set -euo pipefail
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
unset TF_LOG TF_CLI_ARGS TF_DATA_DIR || true
# An inherited TF_VAR_ would silently change what a case means.
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(TF_VAR_[^=]*\)=.*/\1/p')

corpus=$(cd "$(dirname "$0")/.." && pwd)
out_root=${1:-$corpus}
shift || true
only=("$@")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

wanted() {
  [ ${#only[@]} -eq 0 ] && return 0
  local c
  for c in "${only[@]}"; do [ "$c" = "$1" ] && return 0; done
  return 1
}

# prepare SRC DST: copy a case without its bookkeeping files.
prepare() {
  mkdir -p "$2"
  cp -R "$1/." "$2/"
  rm -rf "$2/expected" "$2/args" "$2/env" "$2/NOTE" "$2/MANUAL"
}

# read_list FILE ARRAY: one entry per non-empty line.
read_list() {
  local -n into=$2
  into=()
  [ -f "$1" ] || return 0
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] && into+=("$line")
  done <"$1"
}

# run_in DIR CASE_SRC CMD...: run terraform in DIR with the case's env applied.
run_in() {
  local dir=$1 src=$2
  shift 2
  local envs=()
  read_list "$src/env" envs
  (cd "$dir" && env "${envs[@]}" "$@")
}

# summarize OUT: expected/summary.txt gets the distinct "Error: <summary>"
# lines of expected/stderr.txt that a reimplementation must reproduce: init's
# generic preamble ("Terraform encountered problems during initialisation...")
# is dropped, and a cycle keeps only "Error: Cycle" because the rest lists
# terraform's internal graph nodes (e.g. "local.a (expand)").
summarize() {
  grep '^Error: ' "$1/stderr.txt" |
    grep -v '^Error: Terraform encountered problems during initiali' |
    sed 's/^Error: Cycle: .*/Error: Cycle/' |
    awk '!seen[$0]++' >"$1/summary.txt"
}

status=0
for src in "$corpus"/configs/*/; do
  src=${src%/}
  name=$(basename "$src")
  wanted "$name" || continue
  dir=$work/configs/$name
  prepare "$src" "$dir"
  out=$out_root/configs/$name/expected
  mkdir -p "$out"
  args=()
  read_list "$src/args" args
  list=state-list.txt
  [ -f "$src/MANUAL" ] && list=terraform-state-list.txt
  if run_in "$dir" "$src" terraform init -input=false -no-color >"$work/log" 2>&1 &&
    run_in "$dir" "$src" terraform apply -auto-approve -input=false -no-color "${args[@]}" >>"$work/log" 2>&1; then
    run_in "$dir" "$src" terraform state list >"$out/$list"
    if [ ! -f "$src/MANUAL" ]; then
      run_in "$dir" "$src" terraform output -json >"$out/outputs.json"
    fi
    echo "ok      configs/$name ($(wc -l <"$out/$list") addresses)"
  else
    echo "FAILED  configs/$name" >&2
    cat "$work/log" >&2
    status=1
  fi
done

for src in "$corpus"/config-errors/*/; do
  [ -d "$src" ] || continue
  src=${src%/}
  name=$(basename "$src")
  wanted "$name" || continue
  dir=$work/config-errors/$name
  prepare "$src" "$dir"
  out=$out_root/config-errors/$name/expected
  mkdir -p "$out"
  args=()
  read_list "$src/args" args
  if ! run_in "$dir" "$src" terraform init -input=false -no-color >/dev/null 2>"$out/stderr.txt"; then
    echo "ok      config-errors/$name (fails at init)"
    summarize "$out"
  elif run_in "$dir" "$src" terraform plan -input=false -no-color "${args[@]}" >/dev/null 2>"$out/stderr.txt"; then
    echo "FAILED  config-errors/$name: plan succeeded" >&2
    status=1
  else
    echo "ok      config-errors/$name"
    summarize "$out"
  fi
done
exit $status
