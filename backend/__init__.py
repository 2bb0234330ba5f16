"""pts.backend — see DESIGN.md §2."""
