func.func @bad() {
  %a = "fly.mma_layout"() {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : () -> !fly.layout<"((16,4),32):((1,512),16)">
  return
}
