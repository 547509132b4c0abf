moved {
  from = module.iam[0]
  to   = module.wrap_1001.module.iam[0].module.grp_1003
}
