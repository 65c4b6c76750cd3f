// Checked by fly-lower-mma.mlir on gfx950.
func.func @bad(%a: vector<32xf8E4M3FN>, %c: vector<4xf32>, %x: i32) {
  // opsel picks one of the scale's four bytes.
  // expected-error@+1 {{opsel_a must be an integer from 0 to 3 (the scale byte)}}
  %d0 = "fly.mma_scaled"(%a, %a, %c, %x, %x) {shape = "16x16x128", opsel_a = 4 : i32} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>, i32, i32) -> vector<4xf32>
  // expected-error@+1 {{opsel_b must be an integer from 0 to 3 (the scale byte)}}
  %d1 = "fly.mma_scaled"(%a, %a, %c, %x, %x) {shape = "16x16x128", opsel_b = "1"} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>, i32, i32) -> vector<4xf32>
  return
}
