"""pts.grammar — see DESIGN.md §2."""
