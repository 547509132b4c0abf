# The cluster of examples/upstream_nameservers, with literals for the
# example's variables. The kubernetes provider is left unconfigured: the
# example configures it from the cluster's endpoint and certificate, which
# the stub provider invents.
module "gke" {
  source = "./module"

  project_id             = "example-project"
  name                   = "upstream-nameservers-cluster"
  region                 = "us-central1"
  network                = "example-network"
  subnetwork             = "example-subnetwork"
  ip_range_pods          = "example-pods"
  ip_range_services      = "example-services"
  create_service_account = false
  service_account        = "gke-nodes@example-project.iam.gserviceaccount.com"

  configure_ip_masq    = true
  upstream_nameservers = ["8.8.8.8", "8.8.4.4"]
  deletion_protection  = false
}
