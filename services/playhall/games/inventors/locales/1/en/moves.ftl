## Erfinderteam's moves as the terminal client lists them (codec.py, describe_move). $inventor
## is an inventor's place in the team's list, from 1 (the drawing's order); $genius how many
## disciplines a genius tile adds cubes of (0 to 2); $back "yes" when a tile is used by its back.

inventors-move-use-coffee = { inventors-action-coffee }
inventors-move-upgrade = Upgrade inventor { $inventor }'s { inventors-move-discipline } with the { inventors-move-tile } tile{ $back ->
    [yes] {" "}(its back: 0 to 1)
   *[no] {""}
}
inventors-move-work = Inventor { $inventor } works on { inventors-move-invention }{ $genius ->
    [0] {""}
    [1] , genius: { inventors-move-genius-first }
   *[other] , genius: { inventors-move-genius-first } and { inventors-move-genius-second }
}
inventors-move-refresh = { inventors-action-refresh }
inventors-move-pass = { inventors-action-pass }
inventors-move-end-turn = { inventors-action-end-turn }
inventors-move-take-patent = { inventors-action-patent }
inventors-move-take-tile = Take the { inventors-move-tile } tile
inventors-move-done = { inventors-action-finish-upgrades }

## Names by id, from board.ftl: an invention ($invention, 1 to 36), a tile ($tile), a
## discipline ($discipline, and a genius tile's $first and $second).
inventors-move-invention = { $invention ->
    [1] { inventors-invention-1 }
    [2] { inventors-invention-2 }
    [3] { inventors-invention-3 }
    [4] { inventors-invention-4 }
    [5] { inventors-invention-5 }
    [6] { inventors-invention-6 }
    [7] { inventors-invention-7 }
    [8] { inventors-invention-8 }
    [9] { inventors-invention-9 }
    [10] { inventors-invention-10 }
    [11] { inventors-invention-11 }
    [12] { inventors-invention-12 }
    [13] { inventors-invention-13 }
    [14] { inventors-invention-14 }
    [15] { inventors-invention-15 }
    [16] { inventors-invention-16 }
    [17] { inventors-invention-17 }
    [18] { inventors-invention-18 }
    [19] { inventors-invention-19 }
    [20] { inventors-invention-20 }
    [21] { inventors-invention-21 }
    [22] { inventors-invention-22 }
    [23] { inventors-invention-23 }
    [24] { inventors-invention-24 }
    [25] { inventors-invention-25 }
    [26] { inventors-invention-26 }
    [27] { inventors-invention-27 }
    [28] { inventors-invention-28 }
    [29] { inventors-invention-29 }
    [30] { inventors-invention-30 }
    [31] { inventors-invention-31 }
    [32] { inventors-invention-32 }
    [33] { inventors-invention-33 }
    [34] { inventors-invention-34 }
    [35] { inventors-invention-35 }
    [36] { inventors-invention-36 }
   *[other] #{ $invention }
}
inventors-move-tile = { $tile ->
    [victory-1] { inventors-tile-victory-1 }
    [victory-2] { inventors-tile-victory-2 }
    [victory-3] { inventors-tile-victory-3 }
    [upgrade-2] { inventors-tile-upgrade-2 }
    [upgrade-3] { inventors-tile-upgrade-3 }
    [upgrade-4] { inventors-tile-upgrade-4 }
    [coffee] { inventors-tile-coffee }
    [genius] { inventors-tile-genius }
   *[star] { inventors-tile-star }
}
inventors-move-discipline = { $discipline ->
    [physics] { inventors-discipline-physics }
    [chemistry] { inventors-discipline-chemistry }
    [mechanics] { inventors-discipline-mechanics }
   *[mathematics] { inventors-discipline-mathematics }
}
inventors-move-genius-first = { $first ->
    [physics] { inventors-discipline-physics }
    [chemistry] { inventors-discipline-chemistry }
    [mechanics] { inventors-discipline-mechanics }
   *[mathematics] { inventors-discipline-mathematics }
}
inventors-move-genius-second = { $second ->
    [physics] { inventors-discipline-physics }
    [chemistry] { inventors-discipline-chemistry }
    [mechanics] { inventors-discipline-mechanics }
   *[mathematics] { inventors-discipline-mathematics }
}
