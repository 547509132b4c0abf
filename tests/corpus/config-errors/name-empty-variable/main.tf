variable "" {}
