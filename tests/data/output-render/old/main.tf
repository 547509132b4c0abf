output "del_empty" { value = "{}" }
output "del_obj" { value = jsonencode({ a = 1, b = ["x"] }) }
output "upd" { value = jsonencode({ a = 1, b = 2 }) }
output "upd_ws" { value = "{\"a\": 1}" }
output "nested" { value = { p = jsonencode({ k = "v" }), q = "plain" } }
output "multi" { value = "line1\nline2\n" }
output "arr" { value = "[]" }
output "notjson" { value = "{nope" }
output "del_map" { value = {} }
