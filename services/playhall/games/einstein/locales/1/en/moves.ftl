## Einstein's moves as the terminal client lists them (codec.py, describe_move). $field is a
## field's id (mathematics, physics, philosophy, chemistry) and $pattern a pattern's (a, b),
## named by board.ftl; $origin the tile's position as the text drawing writes it; $via "yes"
## when the move says which edge it lies against: its own edge $edge against edge $hostEdge of
## tile $hostTile (numbered as the drawing's Big Idea).

einstein-move-place = Place a { einstein-move-field } tile, pattern { einstein-move-pattern }, turned { $rotation }, at { $origin }{ $via ->
    [yes] : its edge { $edge } against edge { $hostEdge } of tile #{ $hostTile }
   *[no] {""}
}
einstein-move-field = { $field ->
    [mathematics] { einstein-field-mathematics }
    [physics] { einstein-field-physics }
    [philosophy] { einstein-field-philosophy }
   *[chemistry] { einstein-field-chemistry }
}
einstein-move-pattern = { $pattern ->
    [a] { einstein-pattern-a }
   *[b] { einstein-pattern-b }
}
