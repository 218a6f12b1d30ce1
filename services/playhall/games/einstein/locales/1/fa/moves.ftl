## حرکت‌های اینشتین، آن‌طور که برنامهٔ ترمینال فهرستشان می‌کند (codec.py، describe_move). $field
## شناسهٔ یک رشته است (mathematics، physics، philosophy، chemistry) و $pattern شناسهٔ یک الگو
## (a، b) که board.ftl نامشان را دارد؛ $origin جای کاشی، همان‌طور که نقشهٔ متنی می‌نویسد؛ $via
## وقتی حرکت می‌گوید کاشی کنار کدام لبه می‌نشیند "yes" است: لبهٔ $edge آن کنار لبهٔ $hostEdge
## کاشی $hostTile (با شماره‌های ایدهٔ بزرگِ نقشه).

einstein-move-place = گذاشتن کاشی { einstein-move-field }، الگوی { einstein-move-pattern }، چرخش { $rotation }، در { $origin }{ $via ->
    [yes] : لبهٔ { $edge } آن کنار لبهٔ { $hostEdge } کاشی #{ $hostTile }
   *[no] {""}
}
einstein-move-field = { $field ->
    [mathematics] { einstein-field-mathematics }
    [physics] { einstein-field-physics }
    [philosophy] { einstein-field-philosophy }
   *[chemistry] { einstein-field-chemistry }
}
einstein-move-pattern = { $pattern ->
    [a] { einstein-pattern-a }
   *[b] { einstein-pattern-b }
}
