provider "aws" {
  region = "eu-west-1"
}

module "service" {
  source = "./modules/app"
}

# Unchanged by the rename, but it depends on everything in the module.
resource "terraform_data" "after" {
  input      = "same"
  depends_on = [module.service]
}

# A resource named in depends_on is a dependency by itself: what it
# depends on in turn does not delay the read.
data "aws_iam_policy_document" "transitive" {
  depends_on = [terraform_data.after]
}

# With a postcondition, everything its configuration reaches counts: the
# object it refers to is unchanged, but depends on the module.
data "aws_iam_policy_document" "checked" {
  statement {
    actions   = ["s3:GetObject"]
    resources = [terraform_data.after.id]
  }
  lifecycle {
    postcondition {
      condition     = self.id != ""
      error_message = "The document has no id."
    }
  }
}

# A calling module's depends_on holds for everything inside, with all that
# its target depends on in turn.
module "gate" {
  source     = "./modules/gate"
  depends_on = [terraform_data.after]
}
