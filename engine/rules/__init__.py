"""Rule sets as data: the four sets the course teaches (:mod:`engine.rules.sets`)
and their table of rows for the site (:mod:`engine.rules.table`)."""
