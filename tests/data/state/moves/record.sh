#!/bin/bash
# usage: record.sh NAME  (NAME/before.tf, NAME/after.tf; NAME/mod/main.tf or NAME/mod/{before,after}.tf)
set -e
export TF_CLI_CONFIG_FILE=/dev/null CHECKPOINT_DISABLE=1
n=$1; w=$(mktemp -d)
stage() { # $1 = before|after
  rm -rf $w/mod; if [ -d $n/mod ]; then mkdir $w/mod
    if [ -f $n/mod/$1.tf ]; then cp $n/mod/$1.tf $w/mod/main.tf; else cp $n/mod/main.tf $w/mod/main.tf; fi; fi
  cp $n/$1.tf $w/main.tf
  (cd $w && terraform init -input=false >/dev/null)
}
stage before; (cd $w && terraform apply -auto-approve -input=false >/dev/null)
cp $w/terraform.tfstate $n/before.tfstate
stage after
(cd $w && terraform plan -input=false -out=p >/dev/null && terraform show -json p) | python3 -c '
import json,sys
p=json.load(sys.stdin)
for rc in p["resource_changes"]:
    if rc.get("previous_address"):
        print(rc["previous_address"]+" -> "+rc["address"])
' > $n/moves.txt
rm -rf $w
echo "$n: $(wc -l < $n/moves.txt) moves"
