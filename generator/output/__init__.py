"""What is written and rendered: the tree files and their indexes, GraphML,
the cheat sheets and their PDFs, the static site and the report. Reads trees;
never searches."""
