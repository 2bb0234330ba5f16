"""pts.frontend — see DESIGN.md §2."""
