race-name = Wettlauf bis { NUMBER(10) }
race-not-your-turn = Du bist nicht am Zug
race-add-one-or-two = Zähle 1 oder 2 dazu, aber nicht über { $goal ->
    [10] zehn
   *[other] { $goal }
} hinaus
