// Checked by fly-lower-mma.mlir on gfx942.
func.func @bad(%a: vector<32xf8E4M3FN>, %c: vector<4xf32>, %h: vector<8xbf16>, %f: vector<8xf8E4M3FNUZ>, %x: i32) {
  // expected-error@+1 {{the 16x16x128 f8E4M3FN MFMA is not available on gfx942}}
  %d0 = "fly.mma"(%a, %a, %c) {shape = "16x16x128"} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>) -> vector<4xf32>
  // expected-error@+1 {{the 16x16x32 bf16 MFMA is not available on gfx942}}
  %d1 = "fly.mma"(%h, %h, %c) {shape = "16x16x32"} : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>) -> vector<4xf32>
  // expected-error@+1 {{no 16x16x64 MFMA multiplies f8E4M3FNUZ by f8E4M3FNUZ into f32}}
  %d2 = "fly.mma"(%f, %f, %c) {shape = "16x16x64"} : (vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ>, vector<4xf32>) -> vector<4xf32>
  // expected-error@+1 {{needs a string attribute 'shape'}}
  %d3 = "fly.mma"(%f, %f, %c) : (vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ>, vector<4xf32>) -> vector<4xf32>
  %g = vector.extract_strided_slice %f {offsets = [0], sizes = [4], strides = [1]} : vector<8xf8E4M3FNUZ> to vector<4xf8E4M3FNUZ>
  // expected-error@+1 {{the 16x16x32 f8E4M3FNUZ MFMA takes 8 elements of A and of B and 4 accumulators per lane}}
  %d4 = "fly.mma"(%g, %g, %c) {shape = "16x16x32"} : (vector<4xf8E4M3FNUZ>, vector<4xf8E4M3FNUZ>, vector<4xf32>) -> vector<4xf32>
  // expected-error@+1 {{only the f8f6f4 forms (16x16x128, 32x32x64) take scales}}
  %d5 = "fly.mma_scaled"(%f, %f, %c, %x, %x) {shape = "16x16x32"} : (vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ>, vector<4xf32>, i32, i32) -> vector<4xf32>
  return
}
