# The primary cluster of examples/global-cluster, named "this" as in the
# example's README, switched to global_upgradable as the README says.
# Literals stand for the VPC, subnet group and KMS key the example makes
# with registry modules and resources, and for its random password.
provider "aws" {
  region = "eu-west-1"
}

resource "aws_rds_global_cluster" "this" {
  global_cluster_identifier = "ex-global-cluster"
  engine                    = "aurora-postgresql"
  engine_version            = "14.5"
  database_name             = "example_db"
  storage_encrypted         = true
}

module "this" {
  source = "./module"

  name                      = "ex-global-cluster"
  database_name             = aws_rds_global_cluster.this.database_name
  engine                    = aws_rds_global_cluster.this.engine
  engine_version            = aws_rds_global_cluster.this.engine_version
  master_username           = "root"
  global_cluster_identifier = aws_rds_global_cluster.this.global_cluster_identifier
  instance_class            = "db.r6g.large"
  instances                 = { for i in range(2) : i => {} }
  kms_key_id                = "arn:aws:kms:eu-west-1:123456789012:key/11111111-2222-3333-4444-555555555555"

  vpc_id               = "vpc-0a1b2c3d4e5f60001"
  db_subnet_group_name = "ex-global-cluster-db"
  security_group_rules = {
    vpc_ingress = {
      cidr_blocks = ["10.0.3.0/24", "10.0.4.0/24", "10.0.5.0/24"]
    }
  }

  # Global clusters do not support managed master user password
  manage_master_user_password = false
  master_password             = "example-password-0123"

  # Ignore engine_version on the cluster so that the global cluster can
  # upgrade its major version (examples/global-cluster/README.md)
  global_upgradable = true

  skip_final_snapshot = true

  tags = {
    Example    = "ex-global-cluster"
    GithubRepo = "terraform-aws-rds-aurora"
    GithubOrg  = "terraform-aws-modules"
  }
}
