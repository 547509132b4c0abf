output "add_obj" { value = jsonencode({ a = 1, nested = { z = true } }) }
output "add_empty" { value = "[]" }
output "upd" { value = jsonencode({ a = 1, b = 3, c = "new" }) }
output "upd_ws" { value = "{\"a\":1}" }
output "nested" { value = { p = jsonencode({ k = "w" }), q = "plain" } }
output "multi" { value = "line1\nline3\n" }
output "add_multi" { value = "x\ny" }
output "notjson" { value = "{nope2" }
output "tojson" { value = "plain" }
