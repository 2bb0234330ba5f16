"""pts.runtime — see DESIGN.md §2."""
