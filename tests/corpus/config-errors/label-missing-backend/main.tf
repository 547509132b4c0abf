terraform {
  backend {}
}
