provider {}
