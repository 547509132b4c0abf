module "platform" {
  source = "./outer"
}

# Two levels deep: module.outer.module.inner becomes module.platform.module.core.
moved {
  from = module.outer
  to   = module.platform
}

moved {
  from = module.platform.module.inner
  to   = module.platform.module.core
}
