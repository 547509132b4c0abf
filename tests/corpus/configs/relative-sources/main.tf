# Module sources are resolved relative to the calling module's directory: the
# root calls modules/a, which calls its sibling ../b, which calls ./c. The same
# directory is also called twice under different names, once through a
# source path with a redundant "../".
module "a" {
  source = "./modules/a"
}

module "b_direct" {
  source = "./modules/a/../b"
  tag    = "direct"
}

module "b_again" {
  source = "./modules/b/"
  tag    = "again"
}
