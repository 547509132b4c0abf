# The cluster of examples/stub_domains_upstream_nameservers (kube-dns with
# stub domains and upstream nameservers, the ip-masq-agent configmap), with
# literals for the example's variables; the module creates its service
# account (the example passes one) and grants it registry access, so the
# service account's role bindings exist too. The kubernetes provider is left
# unconfigured: the example configures it from the cluster's endpoint and
# certificate, which the stub provider invents.
module "gke" {
  source = "./module"

  project_id          = "example-project"
  name                = "domains-nameservers-cluster"
  region              = "us-central1"
  network             = "example-network"
  subnetwork          = "example-subnetwork"
  ip_range_pods       = "example-pods"
  ip_range_services   = "example-services"
  deletion_protection = false

  grant_registry_access = true

  configure_ip_masq = true

  stub_domains = {
    "example.com" = [
      "10.254.154.11",
      "10.254.154.12",
    ]
    "example.net" = [
      "10.254.154.11",
      "10.254.154.12",
    ]
  }

  upstream_nameservers = ["8.8.8.8", "8.8.4.4"]
}
