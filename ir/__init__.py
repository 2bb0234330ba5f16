"""pts.ir — see DESIGN.md §2."""
