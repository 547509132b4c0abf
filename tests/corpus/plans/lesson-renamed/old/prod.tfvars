env = "prod"
copies = 2
