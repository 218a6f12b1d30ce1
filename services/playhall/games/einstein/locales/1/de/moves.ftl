## Die Züge von Einstein, wie der Terminal-Client sie auflistet (codec.py, describe_move).
## $field ist die Kennung eines Fachgebiets (mathematics, physics, philosophy, chemistry) und
## $pattern die eines Musters (a, b), benannt in board.ftl; $origin die Lage des Plättchens, wie
## die Textzeichnung sie schreibt; $via "yes", wenn der Zug sagt, woran es anliegt: seine Kante
## $edge an Kante $hostEdge von Plättchen $hostTile (nummeriert wie die Große Idee der Zeichnung).

einstein-move-place = Plättchen { einstein-move-field } legen, Muster { einstein-move-pattern }, Drehung { $rotation }, bei { $origin }{ $via ->
    [yes] : seine Kante { $edge } an Kante { $hostEdge } von Plättchen #{ $hostTile }
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
