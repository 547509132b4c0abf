module "a" {
  source = "./a"
}

module "b" {
  source = "./b"
}

# A whole resource (every instance) moves between two module calls.
moved {
  from = module.a.terraform_data.x
  to   = module.b.terraform_data.y
}
