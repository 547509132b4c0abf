# The interconnect attachment of examples/interconnect_attachment, with the
# router's name as a literal where the example takes it from the registry
# module terraform-google-modules/cloud-router/google.
module "interconnect_attachment" {
  source = "./module/modules/interconnect_attachment"

  name    = "example-attachment"
  project = "example-project"
  region  = "us-central1"
  router  = "example-router"

  interconnect = "https://googleapis.com/interconnects/example-interconnect"

  interface = {
    name = "example-interface"
  }

  peer = {
    name            = "example-peer"
    peer_ip_address = "169.254.1.2"
    peer_asn        = 65001
  }
}
