ephemeral "" "a" {}
