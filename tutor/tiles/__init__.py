"""Tiles drawn by our own code: the SVG sprite (glyphs, faces, sprite), the HTML that
points into it (render), the 34-tile answer palette, and their Jinja globals."""
