variable {}
