// The fly dialect, defined in IRDL and loaded at run time by
// flyContextCreate (dialect.c). Values of the layout algebra are types whose
// single string parameter holds CuTe notation; a `?` leaf is dynamic and its
// value travels as an SSA operand of the op that builds it. Attributes that
// parameterise ops (mode, begin/end, indices, cotarget, profile, old_bits and
// new_bits) are checked by fly-verify: IRDL ops accept extra attributes.
//
// IRDL cannot attach custom verifiers or assembly formats, so ops print in
// MLIR's generic form and the semantic checks (well-formed notation, declared
// result type equal to the computed one) live in the fly-verify pass.
irdl.dialect @fly {
  // (4,(2,?)) : a hierarchical tuple of integers.
  irdl.type @int_tuple {
    %s = irdl.base "#builtin.string"
    irdl.parameters(spec: %s)
  }
  // (4,8):(1,4) : shape:stride.
  irdl.type @layout {
    %s = irdl.base "#builtin.string"
    irdl.parameters(spec: %s)
  }

  // S<3,4,3> : a swizzle functor (CuTe Swizzle<B,M,S>).
  irdl.type @swizzle {
    %s = irdl.base "#builtin.string"
    irdl.parameters(spec: %s)
  }
  // S<3,4,3> o 0 o (8,64):(64,1) : inner o offset o outer.
  irdl.type @composed_layout {
    %s = irdl.base "#builtin.string"
    irdl.parameters(spec: %s)
  }
  // [2:1|(3,2):(1,3)] : a tiler, one layout or one per mode.
  irdl.type @tile {
    %s = irdl.base "#builtin.string"
    irdl.parameters(spec: %s)
  }

  // A kernel's shared-memory struct; the parameter is the struct's name.
  irdl.type @shared_storage {
    %s = irdl.base "#builtin.string"
    irdl.parameters(name: %s)
  }

  // Declares a shared-memory struct (attribute `fields`, see
  // lib/transforms/smem.h; optional `name`), laid out by fly-shared-alloc.
  irdl.operation @shared_alloc {
    %res = irdl.base @fly::@shared_storage
    irdl.results(result: %res)
  }
  // A member (attribute `field`, a dotted path) viewed as a workgroup memref.
  irdl.operation @shared_field {
    %s = irdl.base @fly::@shared_storage
    %res = irdl.any
    irdl.operands(storage: %s)
    irdl.results(result: %res)
  }

  // Scheduling and synchronisation (attributes: mask names, count,
  // sync_id, priority, vmcnt/expcnt/lgkmcnt; see LowerSync.c).
  irdl.operation @sched_barrier {
  }
  irdl.operation @sched_group_barrier {
  }
  irdl.operation @setprio {
  }
  irdl.operation @waitcnt {
  }
  // The value of the first active lane, uniform across the wave.
  irdl.operation @readfirstlane {
    %x = irdl.any
    %r = irdl.any
    irdl.operands(value: %x)
    irdl.results(result: %r)
  }

  // "ELEM SPACE LAYOUT", e.g. "f16 shared S<3,4,3> o 0 o (64,128):(128,1)":
  // memory seen through a layout (SPACE: global or shared).
  irdl.type @tensor {
    %s = irdl.base "#builtin.string"
    irdl.parameters(spec: %s)
  }
  // A tensor over a 1-D memref of its element type; unit attribute `buffer`
  // makes a global tensor a buffer resource sized to the layout's cosize.
  irdl.operation @make_tensor {
    %m = irdl.any
    %l = irdl.any
    %t = irdl.base @fly::@tensor
    irdl.operands(base: %m, layout: %l)
    irdl.results(result: %t)
  }
  // The tile at a tile coordinate: the result type's layout has the tile's
  // shape and the parent's strides.
  irdl.operation @local_tile {
    %t = irdl.base @fly::@tensor
    %c = irdl.base @fly::@int_tuple
    %r = irdl.base @fly::@tensor
    irdl.operands(tensor: %t, coord: %c)
    irdl.results(result: %r)
  }
  // A vector (or scalar) at a coordinate.
  irdl.operation @load {
    %t = irdl.base @fly::@tensor
    %c = irdl.any
    %r = irdl.any
    irdl.operands(tensor: %t, coord: %c)
    irdl.results(result: %r)
  }
  irdl.operation @store {
    %v = irdl.any
    %t = irdl.base @fly::@tensor
    %c = irdl.any
    irdl.operands(value: %v, tensor: %t, coord: %c)
  }
  // A whole tile, global to shared, by LDS DMA (attributes bytes, threads).
  irdl.operation @copy_to_lds {
    %s = irdl.base @fly::@tensor
    %d = irdl.base @fly::@tensor
    %i = irdl.any
    irdl.operands(src: %s, dst: %d, tid: %i)
  }

  // D = A*B + C on the lane's vectors; the shape attribute and the element
  // types select the chip's MFMA (LowerMma.c).
  irdl.operation @mma {
    %a = irdl.any
    %b = irdl.any
    %c = irdl.any
    %d = irdl.any
    irdl.operands(a: %a, b: %b, c: %c)
    irdl.results(result: %d)
  }
  // The thread-value layout (lane, value) -> column-major index of an MMA
  // atom's operand tile (attributes shape, a, b, c, operand); folded.
  irdl.operation @mma_layout {
    %r = irdl.base @fly::@layout
    irdl.results(result: %r)
  }
  // The same with the E8M0 scales of the f8f6f4 forms (i32; attributes
  // opsel_a/opsel_b pick the byte).
  irdl.operation @mma_scaled {
    %a = irdl.any
    %b = irdl.any
    %c = irdl.any
    %sa = irdl.any
    %sb = irdl.any
    %d = irdl.any
    irdl.operands(a: %a, b: %b, c: %c, scale_a: %sa, scale_b: %sb)
    irdl.results(result: %d)
  }

  // The lane's fragment of an MMA atom operand tile at an origin of a
  // tensor (attributes shape, a, b, c, operand).
  irdl.operation @mma_fragment {
    %t = irdl.base @fly::@tensor
    %l = irdl.any
    %o = irdl.base @fly::@int_tuple
    %r = irdl.any
    irdl.operands(tensor: %t, lane: %l, origin: %o)
    irdl.results(result: %r)
  }
  // A wave's m_repeat x n_repeat block of atoms over k_steps: A (M x K) and
  // B (N x K) fragments from tensors at origins, accumulators in one vector.
  // B may instead be the fragments fly.gemm_fragments loaded (a vector).
  // The scaled form (f8f6f4 atoms) adds the E8M0 scales, one byte per MFMA,
  // A's words then B's in one vector of i32 (fly-verify checks it).
  irdl.operation @gemm {
    %a = irdl.base @fly::@tensor
    %b = irdl.any
    %acc = irdl.any
    %l = irdl.any
    %ao = irdl.base @fly::@int_tuple
    %bo = irdl.base @fly::@int_tuple
    %s = irdl.any
    %r = irdl.any
    irdl.operands(a: %a, b: %b, acc: %acc, lane: %l, a_origin: %ao, b_origin: %bo,
                  scales: optional %s)
    irdl.results(result: %r)
  }
  // The lane's fragments of a gemm's A or B operand tile at an origin
  // (attributes as fly.gemm's, plus operand = "a" or "b"), loaded where it
  // stands: a prefetch for a fly.gemm that runs later.
  irdl.operation @gemm_fragments {
    %t = irdl.base @fly::@tensor
    %l = irdl.any
    %o = irdl.base @fly::@int_tuple
    %r = irdl.any
    irdl.operands(tensor: %t, lane: %l, origin: %o)
    irdl.results(result: %r)
  }
  // Stores a gemm's accumulators (converted to the tensor's element type)
  // where the C layout puts them.
  irdl.operation @gemm_store {
    %acc = irdl.any
    %t = irdl.base @fly::@tensor
    %l = irdl.any
    %o = irdl.base @fly::@int_tuple
    irdl.operands(acc: %acc, tensor: %t, lane: %l, origin: %o)
  }

  // Multiplies a gemm's f32 accumulators C[m][n] by scale_a[m] * scale_b[n]
  // (rank-1 f32 tensors; scale_a may be the vector fly.gemm_row_scales
  // loaded, scale_b one f32 for every column), rows and columns through the
  // C layout.
  irdl.operation @gemm_scale {
    %acc = irdl.any
    %sa = irdl.any
    %sb = irdl.any
    %l = irdl.any
    %o = irdl.base @fly::@int_tuple
    %r = irdl.any
    irdl.operands(acc: %acc, scale_a: %sa, scale_b: %sb, lane: %l, origin: %o)
    irdl.results(result: %r)
  }

  // The row scales fly.gemm_scale would load for accumulators at an origin
  // (a prefetch): a vector of m_repeat x the atom's values per lane.
  irdl.operation @gemm_row_scales {
    %sa = irdl.base @fly::@tensor
    %l = irdl.any
    %o = irdl.base @fly::@int_tuple
    %r = irdl.any
    irdl.operands(scale_a: %sa, lane: %l, origin: %o)
    irdl.results(result: %r)
  }

  // A fully static value of any fly type: the value is the type.
  irdl.operation @static {
    %res = irdl.any
    irdl.results(result: %res)
  }

  // Builds an int tuple; one operand per `?` leaf, in order. IRDL binds a
  // constraint variable once per op, so all leaves share one integer type.
  irdl.operation @make_int_tuple {
    %int = irdl.any
    %res = irdl.base @fly::@int_tuple
    irdl.operands(leaves: variadic %int)
    irdl.results(result: %res)
  }
  // A layout from a shape and a stride tuple (with dynamic leaves; static layouts use fly.static).
  irdl.operation @make_layout {
    %c0 = irdl.base @fly::@int_tuple
    %c1 = irdl.base @fly::@int_tuple
    %c2 = irdl.base @fly::@layout
    irdl.operands(shape: %c0, stride: %c1)
    irdl.results(result: %c2)
  }

  // inner o offset o outer from an inner function (swizzle or layout) and an outer layout; the offset is in the result type.
  irdl.operation @make_composed_layout {
    %c0 = irdl.any
    %c1 = irdl.base @fly::@layout
    %c2 = irdl.base @fly::@composed_layout
    irdl.operands(inner: %c0, outer: %c1)
    irdl.results(result: %c2)
  }

  // shape -> shape:(1E0,1E1,...).
  irdl.operation @make_identity_layout {
    %c0 = irdl.base @fly::@int_tuple
    %c1 = irdl.base @fly::@layout
    irdl.operands(shape: %c0)
    irdl.results(result: %c1)
  }

  // Compact strides in the given order of modes.
  irdl.operation @make_ordered_layout {
    %c0 = irdl.base @fly::@int_tuple
    %c1 = irdl.base @fly::@int_tuple
    %c2 = irdl.base @fly::@layout
    irdl.operands(shape: %c0, order: %c1)
    irdl.results(result: %c2)
  }

  // The shape of a layout.
  irdl.operation @shape {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@int_tuple
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // The stride of a layout.
  irdl.operation @stride {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@int_tuple
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // Number of points in the domain. Works on layouts and int tuples.
  irdl.operation @size {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // One past the largest index. Works on layouts and int tuples.
  irdl.operation @cosize {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // Number of top modes. Works on layouts and int tuples.
  irdl.operation @rank {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // Nesting depth. Works on layouts and int tuples.
  irdl.operation @depth {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // The index of a coordinate (an int tuple, or an integer taken as a colexicographic 1-D coordinate) in a layout or composed layout.
  irdl.operation @crd2idx {
    %c0 = irdl.any
    %c1 = irdl.any
    %c2 = irdl.any
    irdl.operands(coord: %c0, layout: %c1)
    irdl.results(result: %c2)
  }

  // The coordinate of an index (integer or int tuple) in a shape.
  irdl.operation @idx2crd {
    %c0 = irdl.any
    %c1 = irdl.base @fly::@int_tuple
    %c2 = irdl.base @fly::@int_tuple
    irdl.operands(index: %c0, shape: %c1)
    irdl.results(result: %c2)
  }

  // Applies a swizzle to an integer offset.
  irdl.operation @apply_swizzle {
    %c0 = irdl.base @fly::@swizzle
    %c1 = irdl.any
    %c2 = irdl.any
    irdl.operands(swizzle: %c0, offset: %c1)
    irdl.results(result: %c2)
  }

  // Mode `mode` (attribute). Works on layouts and int tuples.
  irdl.operation @get {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // Modes [begin, end) (attributes). Works on layouts and int tuples.
  irdl.operation @take {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // The modes listed in `indices` (attribute). Works on layouts and int tuples.
  irdl.operation @select {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // All leaves as one flat tuple. Works on layouts and int tuples.
  irdl.operation @flatten {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // Modes [begin, end) grouped into one (attributes). Works on layouts and int tuples.
  irdl.operation @group {
    %c0 = irdl.any
    %c1 = irdl.any
    irdl.operands(value: %c0)
    irdl.results(result: %c1)
  }

  // Appends a mode. Works on layouts and int tuples.
  irdl.operation @append {
    %c0 = irdl.any
    %c1 = irdl.any
    %c2 = irdl.any
    irdl.operands(value: %c0, mode: %c1)
    irdl.results(result: %c2)
  }

  // Prepends a mode. Works on layouts and int tuples.
  irdl.operation @prepend {
    %c0 = irdl.any
    %c1 = irdl.any
    %c2 = irdl.any
    irdl.operands(value: %c0, mode: %c1)
    irdl.results(result: %c2)
  }

  // Merges modes keeping the function; optional `profile` attribute (notation) coalesces by mode.
  irdl.operation @coalesce {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // R(c) = A(B(c)); B is a layout or a tiler; A may be a composed layout.
  irdl.operation @composition {
    %c0 = irdl.any
    %c1 = irdl.any
    %c2 = irdl.any
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // The layout that fills the gaps of A, up to the optional `cotarget` attribute.
  irdl.operation @complement {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // right_inverse of a layout.
  irdl.operation @right_inverse {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // left_inverse of a layout.
  irdl.operation @left_inverse {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // filter of a layout.
  irdl.operation @filter {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // logical_divide of a layout by a layout or tiler.
  irdl.operation @logical_divide {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // zipped_divide of a layout by a layout or tiler.
  irdl.operation @zipped_divide {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // tiled_divide of a layout by a layout or tiler.
  irdl.operation @tiled_divide {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // flat_divide of a layout by a layout or tiler.
  irdl.operation @flat_divide {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // logical_product of a layout by a layout or tiler.
  irdl.operation @logical_product {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // zipped_product of a layout by a layout or tiler.
  irdl.operation @zipped_product {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // tiled_product of a layout by a layout or tiler.
  irdl.operation @tiled_product {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // flat_product of a layout by a layout or tiler.
  irdl.operation @flat_product {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.any
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // blocked_product of two layouts.
  irdl.operation @blocked_product {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // raked_product of two layouts.
  irdl.operation @raked_product {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    %c2 = irdl.base @fly::@layout
    irdl.operands(a: %c0, b: %c1)
    irdl.results(result: %c2)
  }

  // Re-types a layout from `old_bits` to `new_bits` wide elements (attributes).
  irdl.operation @recast {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@layout
    irdl.operands(layout: %c0)
    irdl.results(result: %c1)
  }

  // Repeats a block layout to fill a shape.
  irdl.operation @tile_to_shape {
    %c0 = irdl.base @fly::@layout
    %c1 = irdl.base @fly::@int_tuple
    %c2 = irdl.base @fly::@layout
    irdl.operands(block: %c0, shape: %c1)
    irdl.results(result: %c2)
  }

  // Keeps the modes whose coordinate is `_`.
  irdl.operation @slice {
    %c0 = irdl.base @fly::@int_tuple
    %c1 = irdl.base @fly::@layout
    %c2 = irdl.base @fly::@layout
    irdl.operands(coord: %c0, layout: %c1)
    irdl.results(result: %c2)
  }

  // Keeps the modes whose coordinate is not `_`.
  irdl.operation @dice {
    %c0 = irdl.base @fly::@int_tuple
    %c1 = irdl.base @fly::@layout
    %c2 = irdl.base @fly::@layout
    irdl.operands(coord: %c0, layout: %c1)
    irdl.results(result: %c2)
  }
}
