"""One ipywidgets explorer per topic. Widgets only read what the core returns and draw it."""
