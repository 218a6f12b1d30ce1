## Einstein's name as players read it (lobby, match page, terminal client).

einstein-name = Einstein: His Amazing Life and Incomparable Science
