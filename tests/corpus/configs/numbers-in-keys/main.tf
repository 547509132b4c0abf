# Numbers turned into key strings: how terraform prints integers, decimals,
# large and tiny numbers, and arithmetic results.
locals {
  numbers = {
    int        = 42
    float_int  = 1.0
    decimal    = 0.1 + 0.2
    third      = 1 / 3
    big        = 12345678901234567890
    exp        = 1e3
    tiny       = 0.000001
    negative   = -7.5
    modulo     = 10 % 3
    pow        = pow(2, 64)
    parsed     = parseint("ff", 16)
    from_text  = tonumber("007")
    floor      = floor(2.7)
  }
}

resource "terraform_data" "n" {
  for_each = toset([for k, v in local.numbers : "${k}=${v}"])
}

resource "terraform_data" "counted" {
  count = local.numbers.float_int + 1
}

output "numbers" {
  value = local.numbers
}
