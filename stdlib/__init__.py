"""pts.stdlib — see DESIGN.md §2."""
