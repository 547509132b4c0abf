required_providers {}
