## حرکت‌های گالیله گالیله، آن‌طور که برنامهٔ ترمینال فهرستشان می‌کند (codec.py، describe_move).
## $scientist و $experiment شمارهٔ کارت‌اند، $colour شناسهٔ رنگش (yellow، red، blue، green)
## که board.ftl نامش را دارد.

galileo-move-pick = انتخاب دانشمند { $scientist } ({ galileo-move-colour }، قدرت { $power })
galileo-move-take-experiment = برداشتن آزمایش { $experiment } ({ galileo-move-colour }، { $points } امتیاز)
galileo-move-colour = { $colour ->
    [yellow] { galileo-colour-yellow }
    [red] { galileo-colour-red }
    [blue] { galileo-colour-blue }
   *[green] { galileo-colour-green }
}
