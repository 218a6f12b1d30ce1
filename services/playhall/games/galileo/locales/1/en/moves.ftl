## Galileo Galilei's moves as the terminal client lists them (codec.py, describe_move).
## $scientist and $experiment are a card's number, $colour its colour's id (yellow, red,
## blue, green), named by board.ftl.

galileo-move-pick = Pick scientist { $scientist } ({ galileo-move-colour }, power { $power })
galileo-move-take-experiment = Take experiment { $experiment } ({ galileo-move-colour }, { $points } pt)
galileo-move-colour = { $colour ->
    [yellow] { galileo-colour-yellow }
    [red] { galileo-colour-red }
    [blue] { galileo-colour-blue }
   *[green] { galileo-colour-green }
}
