#!/bin/bash
# Records what terraform does with one move case.
# usage: record.sh CASE...   (run from tests/data/moves)
# CASE/before/ is applied (terraform_data only, offline), CASE/prepare.sh
# (if any) runs in the work dir; then the tree is
# replaced by CASE/after/ and planned with -refresh=false. Written:
#   CASE/before.tfstate  the state after applying before/
#   CASE/diags.json      every diagnostic of the plan (severity, summary,
#                        detail, file:line,col), from `terraform plan -json`
#   CASE/changes.txt     when the plan succeeds: "ADDRESS<TAB>PREVIOUS<TAB>ACTIONS"
#                        per resource change (PREVIOUS is "-" when not moved)
set -e
export TF_CLI_CONFIG_FILE=/dev/null CHECKPOINT_DISABLE=1
for n in "$@"; do
  n=${n%/}; w=$(mktemp -d)
  cp -r $n/before/. $w/
  (cd $w && terraform init -input=false >/dev/null && terraform apply -auto-approve -input=false >/dev/null)
  # An optional prepare.sh rearranges the applied state (e.g. `terraform
  # state mv`) to reach states no configuration produces.
  if [ -f $n/prepare.sh ]; then (cd $w && bash $OLDPWD/$n/prepare.sh >/dev/null); fi
  cp $w/terraform.tfstate $n/before.tfstate
  find $w -name '*.tf' -delete
  cp -r $n/after/. $w/
  (cd $w && terraform init -input=false >/dev/null 2>&1) || true
  rc=0; (cd $w && terraform plan -json -refresh=false -input=false -out=p > plan.jsonl) || rc=$?
  python3 - $w/plan.jsonl > $n/diags.json <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m.get("type") != "diagnostic":
        continue
    d = m["diagnostic"]
    r = d.get("range")
    at = "%s:%d,%d" % (r["filename"], r["start"]["line"], r["start"]["column"]) if r else None
    out.append({"severity": d["severity"], "summary": d["summary"], "detail": d.get("detail", ""), "at": at})
print(json.dumps(out, indent=1, ensure_ascii=False))
PY
  rm -f $n/changes.txt
  if [ $rc = 0 ]; then
    (cd $w && terraform show -json p) | python3 -c '
import json,sys
p=json.load(sys.stdin)
for rc in p.get("resource_changes", []):
    print("%s\t%s\t%s" % (rc["address"], rc.get("previous_address", "-"), ",".join(rc["change"]["actions"])))
' > $n/changes.txt
  fi
  rm -rf $w
  echo "$n: plan rc=$rc, $(grep -c summary $n/diags.json) diagnostics"
done
