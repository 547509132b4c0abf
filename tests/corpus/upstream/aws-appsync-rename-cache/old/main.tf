# The parts of examples/complete that the cache depends on: a GraphQL API
# with a domain name and caching enabled.
module "appsync" {
  source = "./module"

  name   = "example"
  schema = "type Query { ping: String }"

  visibility = "GLOBAL"

  domain_name_association_enabled = true
  caching_enabled                 = true

  domain_name             = "api.example.com"
  domain_name_description = "My example AppSync Domain"
  certificate_arn         = "arn:aws:acm:us-east-1:123456789012:certificate/example"

  caching_behavior                 = "PER_RESOLVER_CACHING"
  cache_type                       = "SMALL"
  cache_ttl                        = 60
  cache_at_rest_encryption_enabled = true
  cache_transit_encryption_enabled = true

  authentication_type = "API_KEY"
  api_keys = {
    default = null
  }
}
