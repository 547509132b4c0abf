tags = ["b", "a", "b", "c"]
