race-name = مسابقه تا { NUMBER(10) }
race-not-your-turn = نوبت شما نیست
race-add-one-or-two = { NUMBER(1) } یا { NUMBER(2) } اضافه کنید، نه بیشتر از { $goal ->
    [10] ده
   *[other] { $goal }
}
