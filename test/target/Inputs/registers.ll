; Kernels with known register use for flyc's --stats (stats-registers.test):
; each clobbers the highest VGPR, AGPR or SGPR it needs in inline assembly,
; so LLVM's AMDGPU backend allocates exactly up to it and prints its own
; counts and occupancy as assembly comments, the independent reference.

; 37 arch VGPRs, no AGPRs: .vgpr_count is the arch count (40 allocated)
define amdgpu_kernel void @v37() {
  call void asm sideeffect "", "~{v36}"()
  ret void
}

; 128 arch VGPRs: 4 waves
define amdgpu_kernel void @v128() {
  call void asm sideeffect "", "~{v127}"()
  ret void
}

; 256 arch VGPRs: 2 waves
define amdgpu_kernel void @v256() {
  call void asm sideeffect "", "~{v255}"()
  ret void
}

; 9 arch VGPRs round to 12 before the AGPRs: 44 -> 48 allocated
define amdgpu_kernel void @v9_a32() {
  call void asm sideeffect "", "~{v8}"()
  call void asm sideeffect "", "~{a31}"()
  ret void
}

; seed 10.2: arch 36 + acc 32 = 68 -> 72 -> 7 waves
define amdgpu_kernel void @v36_a32() {
  call void asm sideeffect "", "~{v35}"()
  call void asm sideeffect "", "~{a31}"()
  ret void
}

; seed 10.2: arch 84 + acc 80 = 164 -> 168 -> 3 waves
define amdgpu_kernel void @v84_a80() {
  call void asm sideeffect "", "~{v83}"()
  call void asm sideeffect "", "~{a79}"()
  ret void
}

; seed 10.2: a combined 170 rounds up to 176: 2 waves, not 3
define amdgpu_kernel void @v88_a82() {
  call void asm sideeffect "", "~{v87}"()
  call void asm sideeffect "", "~{a81}"()
  ret void
}

; the whole 512-entry file: 1 wave (not 0)
define amdgpu_kernel void @v256_a256() {
  call void asm sideeffect "", "~{v255}"()
  call void asm sideeffect "", "~{a255}"()
  ret void
}

; 100 SGPRs (VCC and the other extras included): 8 waves
define amdgpu_kernel void @s100() {
  call void asm sideeffect "", "~{s93}"()
  ret void
}

; 102 SGPRs: 7 waves
define amdgpu_kernel void @s102() {
  call void asm sideeffect "", "~{s95}"()
  ret void
}
