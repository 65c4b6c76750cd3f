// Used by fly-lower-mma.mlir.
func.func @cdna3(%a: vector<8xf8E4M3FNUZ>, %c: vector<4xf32>, %h: vector<4xbf16>, %i: vector<8xi8>,
                 %ci: vector<4xi32>) -> (vector<4xf32>, vector<4xf32>, vector<4xi32>) {
  %d0 = "fly.mma"(%a, %a, %c) {shape = "16x16x32"} : (vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ>, vector<4xf32>) -> vector<4xf32>
  %d1 = "fly.mma"(%h, %h, %d0) {shape = "16x16x16"} : (vector<4xbf16>, vector<4xbf16>, vector<4xf32>) -> vector<4xf32>
  %d2 = "fly.mma"(%i, %i, %ci) {shape = "16x16x32"} : (vector<8xi8>, vector<8xi8>, vector<4xi32>) -> vector<4xi32>
  return %d0, %d1, %d2 : vector<4xf32>, vector<4xf32>, vector<4xi32>
}
