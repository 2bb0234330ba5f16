"""pts.ir.passes — see DESIGN.md §2."""
