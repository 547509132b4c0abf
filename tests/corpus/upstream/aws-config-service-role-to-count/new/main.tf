# tests/defaults of the module, with the bucket it creates for the
# delivery channel and the random suffix given as literals.
module "config" {
  source = "./module"

  config = {
    configuration_recorder = {
      name = "tardigrade-config-abcdef"
    }

    delivery_channel = {
      s3_bucket_name = "tardigrade-config-abcdef"
    }
  }
}
