#!/usr/bin/env bash
# Builds the lesson's monorepo: six environments with copies (base), then
# the same resources extracted into modules/service (head).
set -euo pipefail
repo=$1
mkdir -p "$repo" && cd "$repo"
git init -q && git config user.email check@example.com && git config user.name check
envs="dev staging prod-eu prod-us qa perf"
for e in $envs; do
  mkdir -p envs/$e
  printf 'provider "registry.terraform.io/hashicorp/random" {\n  version = "3.6.0"\n}\n' > envs/$e/.terraform.lock.hcl
  cat > envs/$e/main.tf <<TF
terraform {
  backend "local" {}
}

resource "terraform_data" "db" {
  input = { name = "$e-db", size = 20 }
}

resource "terraform_data" "app" {
  input = { name = "$e-app", db = terraform_data.db.id }
}

resource "terraform_data" "queue" {
  input = "$e-queue"
}
TF
done
git add -A && git commit -qm base
mkdir -p modules/service
cat > modules/service/main.tf <<'TF'
variable "env" {
  type = string
}

resource "terraform_data" "db" {
  input = { name = "${var.env}-db", size = 20 }
}

resource "terraform_data" "app" {
  input = { name = "${var.env}-app", db = terraform_data.db.id }
}

resource "terraform_data" "queue" {
  input = "${var.env}-queue"
}
TF
for e in $envs; do
  cat > envs/$e/main.tf <<TF
terraform {
  backend "local" {}
}

module "service" {
  source = "../../modules/service"
  env    = "$e"
}
TF
done
git add -A && git commit -qm "extract modules/service"
