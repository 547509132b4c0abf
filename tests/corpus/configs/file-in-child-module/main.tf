# Lesson from terraform-aws-eks (modules/_user_data): a child module reads
# "${path.module}/../../templates/x.tpl". path.module is relative to the root
# module, and so are relative paths given to file functions (terraform runs
# there), whatever module calls them.
module "keys" {
  source = "./modules/keys"
}

output "keys" {
  value = module.keys.keys
}

output "from_root" {
  value = module.keys.plain
}
