# A bad argument of a call written over three lines: the call is the context,
# quoted from its first line although the error is on the second.
output "x" {
  value = upper(
    [1]
  )
}
