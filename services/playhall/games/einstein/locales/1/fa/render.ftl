## نقشهٔ متنی اینشتین (render.py): صفحهٔ بازی در برنامهٔ ترمینال و در لاگ‌ها. $seat شمارهٔ
## جایگاه است؛ $einstein شناسهٔ یک اینشتین (young، prime، globetrotting، wise)، $shape شناسهٔ
## شکل یک کاشی (pentagon، star، boat، diamond)؛ $name، $field و $pattern نام‌اند (board.ftl)،
## $theories، $cards و $stock فهرست؛ $origin جای یک کاشی.

einstein-render-seen-by-spectator = اینشتین، از دید تماشاگر
einstein-render-seen-by-seat = اینشتین، از دید جایگاه { $seat }
einstein-render-over = پایان بازی
einstein-render-place = جایگاه { $seat } ({ $einstein }) ایدهٔ { $idea } از { $ideas } را می‌گذارد{ $ending ->
    [yes] ، پایان بازی آغاز شده
   *[no] {""}
}
einstein-render-theories = نظریه‌های بزرگ: { $theories }   (دسته { $deck }، نشان اعتبار مانده { $prestige })
einstein-render-theory = { $name } ({ $stars }*)
einstein-render-seat = جایگاه { $seat } { $einstein } { $points } امتیاز، { $inspirations } الهام، { $theories } نظریه، { $prestige } اعتبار، دست { $hand }، دسته { $pile }؛ ذخیره { $stock }
einstein-render-stock = { $shape } { $a }{ einstein-pattern-a }/{ $b }{ einstein-pattern-b }
einstein-render-hand = دست شما: { $cards }
einstein-render-inspiration = { $name } ({ $stars }*، { $shapes })
einstein-render-big-idea = ایدهٔ بزرگ ({ $count } کاشی):
einstein-render-tile = #{ $number } { $field } { $pattern } چرخش { $rotation } در { $origin } از جایگاه { $seat }

## اینشتین‌ها، کوتاه، و شکل کاشی‌ها، کامل و کوتاه.
einstein-render-einstein = { $einstein ->
    [young] جوان
    [prime] در اوج
    [globetrotting] جهانگرد
   *[wise] خردمند
}
einstein-render-shape = { $shape ->
    [pentagon] پنج‌ضلعی
    [star] ستاره
    [boat] قایق
   *[diamond] لوزی
}
einstein-render-shape-short = { $shape ->
    [pentagon] پنج
    [star] ستاره
    [boat] قایق
   *[diamond] لوزی
}

## میان اقلام یک فهرست، و برای فهرست خالی.
einstein-render-separator = { "، " }
einstein-render-none = -
