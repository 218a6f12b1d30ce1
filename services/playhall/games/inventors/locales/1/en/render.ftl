## Erfinderteam's text drawing (render.py): the terminal client's board and the logs'. $seat is
## a seat number; $invention, $inventor and $team are names written out (board.ftl), $tiles,
## $patents and $fields lists written out; $knowledge and $goal a knowledge in short ("P2 C1");
## $met and $ready are "yes" or "no".

inventors-render-seen-by-spectator = Inventors, seen by spectator
inventors-render-seen-by-seat = Inventors, seen by seat { $seat }
inventors-render-over = Game over
inventors-render-final = Final upgrades: seat { $seat } to upgrade or finish
inventors-render-reward = Age { $age }: seat { $seat } chooses a reward of { $invention }
inventors-render-main = Age { $age }: seat { $seat } to play (main action)
inventors-render-after = Age { $age }: seat { $seat } to play (free actions or end of turn)

## The inventions on the table: each field of a discipline shows the seats whose cubes fill it,
## a dot where it is free.
inventors-render-inventions = Inventions:
inventors-render-invention = { $name } (#{ $card }, cat { $category })
inventors-render-slot = { $invention }: { $fields }  tiles { $tiles }
inventors-render-rewards = Rewards left: { $patent ->
    [yes] patent,{" "}
   *[no] {""}
}{ $tiles }

## The teams.
inventors-render-seat = seat { $seat } ({ $team }): { $points } pts, { $cubes } cubes, tiles { $tiles }, patents { $patents }
inventors-render-inventor = { $inventor } { $knowledge } goal { $goal } ({ $points } VP, { $met ->
    [yes] met
   *[no] open
}) { $ready ->
    [yes] ready
   *[no] tired
}

## The disciplines, as short as a knowledge shows them (P2 C1), and the reward tiles, short.
inventors-render-physics = P
inventors-render-chemistry = C
inventors-render-mechanics = Me
inventors-render-mathematics = Ma
inventors-render-tile-victory = { $points }VP
inventors-render-tile-upgrade = up{ $value }

## Between the items of a list, and for an empty one.
inventors-render-separator = { ", " }
inventors-render-none = -
