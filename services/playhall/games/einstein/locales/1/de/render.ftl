## Einstein als Text (render.py): das Spielbrett im Terminal-Client und in den Logs. $seat ist
## eine Platznummer; $einstein die Kennung eines Einsteins (young, prime, globetrotting, wise),
## $shape die einer Plättchenform (pentagon, star, boat, diamond); $name, $field und $pattern
## sind ausgeschriebene Namen (board.ftl), $theories, $cards und $stock ausgeschriebene Listen;
## $origin die Lage eines Plättchens.

einstein-render-seen-by-spectator = Einstein, aus Sicht der Zuschauer
einstein-render-seen-by-seat = Einstein, aus Sicht von Platz { $seat }
einstein-render-over = Spielende
einstein-render-place = Platz { $seat } ({ $einstein }) legt Idee { $idea } von { $ideas }{ $ending ->
    [yes] , das Ende ist ausgelöst
   *[no] {""}
}
einstein-render-theories = Haupttheorien: { $theories }   (Stapel { $deck }, Prestigemarker übrig { $prestige })
einstein-render-theory = { $name } ({ $stars }*)
einstein-render-seat = Platz { $seat } { $einstein } { $points } P., { $inspirations } Inspirationen, { $theories } Theorien, { $prestige } Prestige, Hand { $hand }, Nachziehstapel { $pile }; Vorrat { $stock }
einstein-render-stock = { $shape } { $a }{ einstein-pattern-a }/{ $b }{ einstein-pattern-b }
einstein-render-hand = Deine Hand: { $cards }
einstein-render-inspiration = { $name } ({ $stars }*, { $shapes })
einstein-render-big-idea = Die Große Idee ({ $count } Plättchen):
einstein-render-tile = #{ $number } { $field } { $pattern } Drehung { $rotation } bei { $origin } von Platz { $seat }

## Die Einsteins, kurz, und die Formen der Plättchen, ganz und kurz.
einstein-render-einstein = { $einstein ->
    [young] jung
    [prime] beste Jahre
    [globetrotting] Weltenbummler
   *[wise] weise
}
einstein-render-shape = { $shape ->
    [pentagon] Fünfeck
    [star] Stern
    [boat] Boot
   *[diamond] Raute
}
einstein-render-shape-short = { $shape ->
    [pentagon] Fünf
    [star] Stern
    [boat] Boot
   *[diamond] Raut
}

## Zwischen den Einträgen einer Liste, und für eine leere.
einstein-render-separator = { ", " }
einstein-render-none = -
