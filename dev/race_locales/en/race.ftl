## Race to ten: a title Playhall does not ship brings its own catalogue (keys "race-...").

race-name = Race to { NUMBER(10) }
race-not-your-turn = It is not your turn
race-add-one-or-two = Add 1 or 2, and not past { $goal ->
    [10] ten
   *[other] { $goal }
}
