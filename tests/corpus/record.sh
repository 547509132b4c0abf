#!/usr/bin/env bash
# Records what `terraform console` answers for every expression of the
# corpus, as JSON lines that tests/eval_corpus.rs compares minimod with.
#
# Usage: tests/corpus/record.sh [OUTDIR [FAMILY.exprs ...]]
#   OUTDIR   where <family>.jsonl are written (default: tests/corpus/expressions)
#   FAMILY   input files (a bare name is looked up in tests/corpus/expressions),
#            one expression a line; blank lines and lines
#            starting with '#' are skipped (default: every *.exprs beside
#            this script, in tests/corpus/expressions)
#
# Each expression gets its own console process: in piped mode console
# evaluates every line but prints only the last result, and stops at the
# first error. No `terraform init` is needed: expr-config only uses the
# built-in terraform_data resource. Needs terraform and jq on PATH.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
outdir="${1:-$here/expressions}"
shift || true
if [ "$#" -gt 0 ]; then
  inputs=()
  # A bare name means the family in tests/corpus/expressions. Every input is
  # checked before any record is truncated, so a typo loses nothing.
  for input in "$@"; do
    [ -f "$input" ] || [ ! -f "$here/expressions/$input" ] || input="$here/expressions/$input"
    [ -f "$input" ] || { echo "record.sh: no such input: $input" >&2; exit 2; }
    inputs+=("$input")
  done
else
  inputs=("$here"/expressions/*.exprs)
fi
mkdir -p "$outdir"
outdir="$(cd "$outdir" && pwd)"

export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/expr-config" "$work/config"

# Turns console's stderr (plain text, no colour) into the first error's
# summary and its detail paragraphs joined by spaces. The location block
# ("  on <console-input> line 1:" and the indented lines after it) is left
# out.
error_fields() {
  awk '
    !found && /^Error: / { found = 1; summary = substr($0, 8); next }
    found && /^(Error|Warning): / { exit }
    found && /^  on / { inloc = 1; next }
    found && inloc && /^$/ { inloc = 0; next }
    found && inloc { next }
    found && /^$/ { next }
    found { sub(/^ +/, ""); detail = detail (detail == "" ? "" : " ") $0 }
    END { print summary; print detail }
  ' "$1"
}

for input in "${inputs[@]}"; do
  family="$(basename "$input" .exprs)"
  out="$outdir/$family.jsonl"
  : >"$out"
  n=0
  while IFS= read -r expr || [ -n "$expr" ]; do
    case "$expr" in '' | '#'*) continue ;; esac
    rc=0
    (cd "$work/config" && printf '%s\n' "$expr" | terraform console -no-color) \
      >"$work/stdout" 2>"$work/stderr" || rc=$?
    if [ "$rc" -eq 0 ]; then
      jq -cn --arg expr "$expr" --rawfile stdout "$work/stdout" --rawfile stderr "$work/stderr" \
        '{expr: $expr, stdout: ($stdout | sub("\n$"; "")), stderr_summary: ""}
         + (if ($stderr | test("\\S")) then {stderr: $stderr} else {} end)' >>"$out"
    else
      {
        IFS= read -r summary
        IFS= read -r detail
      } < <(error_fields "$work/stderr")
      jq -cn --arg expr "$expr" --arg summary "$summary" --arg detail "$detail" \
        --rawfile stdout "$work/stdout" \
        '{expr: $expr, stdout: ($stdout | sub("\n$"; "")), stderr_summary: $summary, detail: $detail}' >>"$out"
    fi
    n=$((n + 1))
  done <"$input"
  echo "$family: $n expressions" >&2
done
