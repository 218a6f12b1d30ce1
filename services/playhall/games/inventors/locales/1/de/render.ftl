## Erfinderteam als Text (render.py): das Spielbrett im Terminal-Client und in den Logs. $seat
## ist eine Platznummer; $invention, $inventor und $team sind ausgeschriebene Namen (board.ftl),
## $tiles, $patents und $fields ausgeschriebene Listen; $knowledge und $goal ein Wissen in Kurzform
## ("P2 C1"); $met und $ready sind "yes" oder "no".

inventors-render-seen-by-spectator = Erfinderteam, aus Sicht der Zuschauer
inventors-render-seen-by-seat = Erfinderteam, aus Sicht von Platz { $seat }
inventors-render-over = Spielende
inventors-render-final = Letzte Aufwertungen: Platz { $seat } wertet auf oder beendet
inventors-render-reward = Zeitalter { $age }: Platz { $seat } wählt eine Belohnung von { $invention }
inventors-render-main = Zeitalter { $age }: Platz { $seat } ist am Zug (Hauptaktion)
inventors-render-after = Zeitalter { $age }: Platz { $seat } ist am Zug (freie Aktionen oder Zugende)

## Die Erfindungen auf dem Tisch: Jedes Feld einer Disziplin zeigt die Plätze, deren Spielsteine
## es füllen, einen Punkt, wo es frei ist.
inventors-render-inventions = Erfindungen:
inventors-render-invention = { $name } (#{ $card }, Kat. { $category })
inventors-render-slot = { $invention }: { $fields }  Plättchen { $tiles }
inventors-render-rewards = Übrige Belohnungen: { $patent ->
    [yes] Patent,{" "}
   *[no] {""}
}{ $tiles }

## Die Teams.
inventors-render-seat = Platz { $seat } (Team { $team }): { $points } P., { $cubes } Spielsteine, Plättchen { $tiles }, Patente { $patents }
inventors-render-inventor = { $inventor } { $knowledge } Ziel { $goal } ({ $points } SP, { $met ->
    [yes] erreicht
   *[no] offen
}) { $ready ->
    [yes] aktiv
   *[no] deaktiviert
}

## Die Disziplinen so kurz, wie ein Wissen sie zeigt (P2 C1), und die Belohnungsplättchen, kurz.
inventors-render-physics = P
inventors-render-chemistry = C
inventors-render-mechanics = Me
inventors-render-mathematics = Ma
inventors-render-tile-victory = { $points } SP
inventors-render-tile-upgrade = Aufw. { $value }

## Zwischen den Einträgen einer Liste, und für eine leere.
inventors-render-separator = { ", " }
inventors-render-none = -
