output {}
