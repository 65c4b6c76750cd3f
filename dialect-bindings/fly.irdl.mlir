// The fly dialect, defined in IRDL and loaded at run time by
// flyContextCreate (dialect.c). Values of the layout algebra are types whose
// single string parameter holds CuTe notation; a `?` leaf is dynamic and its
// value travels as an SSA operand of the op that builds it.
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

  // Builds an int tuple; one i32/i64/index operand per `?` leaf, in order.
  irdl.operation @make_int_tuple {
    %int = irdl.any
    %res = irdl.base @fly::@int_tuple
    irdl.operands(leaves: variadic %int)
    irdl.results(result: %res)
  }
  // Builds a layout from a shape and a stride tuple, or from nothing when the
  // layout is fully static.
  irdl.operation @make_layout {
    %tup = irdl.base @fly::@int_tuple
    %res = irdl.base @fly::@layout
    irdl.operands(parts: variadic %tup)
    irdl.results(result: %res)
  }
  // Number of points in the layout's domain.
  irdl.operation @size {
    %l = irdl.base @fly::@layout
    %r = irdl.any
    irdl.operands(layout: %l)
    irdl.results(result: %r)
  }
  // One past the largest index the layout produces.
  irdl.operation @cosize {
    %l = irdl.base @fly::@layout
    %r = irdl.any
    irdl.operands(layout: %l)
    irdl.results(result: %r)
  }
  // The index of a coordinate (an int tuple, or a plain integer taken as a
  // colexicographic 1-D coordinate).
  irdl.operation @crd2idx {
    %c = irdl.any
    %l = irdl.base @fly::@layout
    %r = irdl.any
    irdl.operands(coord: %c, layout: %l)
    irdl.results(result: %r)
  }
}
