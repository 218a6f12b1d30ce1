## Die Züge von Galileo Galilei, wie der Terminal-Client sie auflistet (codec.py,
## describe_move). $scientist und $experiment sind die Nummer einer Karte, $colour die Kennung
## ihrer Farbe (yellow, red, blue, green), benannt in board.ftl.

galileo-move-pick = Wissenschaftler { $scientist } wählen ({ galileo-move-colour }, Stärke { $power })
galileo-move-take-experiment = Experiment { $experiment } nehmen ({ galileo-move-colour }, { $points } P.)
galileo-move-colour = { $colour ->
    [yellow] { galileo-colour-yellow }
    [red] { galileo-colour-red }
    [blue] { galileo-colour-blue }
   *[green] { galileo-colour-green }
}
