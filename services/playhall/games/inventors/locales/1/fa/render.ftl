## نقشهٔ متنی تیم مخترعان (render.py): صفحهٔ بازی در برنامهٔ ترمینال و در لاگ‌ها. $seat شمارهٔ
## جایگاه است؛ $invention، $inventor و $team نام‌اند (board.ftl)، $tiles، $patents و $fields
## فهرست؛ $knowledge و $goal دانشی به کوتاهی ("P2 C1")؛ $met و $ready برابر "yes" یا "no"‌اند.

inventors-render-seen-by-spectator = تیم مخترعان، از دید تماشاگر
inventors-render-seen-by-seat = تیم مخترعان، از دید جایگاه { $seat }
inventors-render-over = پایان بازی
inventors-render-final = ارتقاهای پایانی: جایگاه { $seat } ارتقا می‌دهد یا تمام می‌کند
inventors-render-reward = عصر { $age }: جایگاه { $seat } پاداشی از { $invention } انتخاب می‌کند
inventors-render-main = عصر { $age }: نوبت جایگاه { $seat } (کار اصلی)
inventors-render-after = عصر { $age }: نوبت جایگاه { $seat } (کارهای آزاد یا پایان نوبت)

## اختراع‌های روی میز: هر خانهٔ یک رشته جایگاه‌هایی را نشان می‌دهد که مکعب‌هایشان آن را پر
## کرده‌اند، و نقطه جایی که خالی است.
inventors-render-inventions = اختراع‌ها:
inventors-render-invention = { $name } (#{ $card }، دستهٔ { $category })
inventors-render-slot = { $invention }: { $fields }  کاشی‌ها { $tiles }
inventors-render-rewards = پاداش‌های مانده: { $patent ->
    [yes] حق اختراع،{" "}
   *[no] {""}
}{ $tiles }

## تیم‌ها.
inventors-render-seat = جایگاه { $seat } (تیم { $team }): { $points } امتیاز، { $cubes } مکعب، کاشی‌ها { $tiles }، حق اختراع‌ها { $patents }
inventors-render-inventor = { $inventor } { $knowledge } هدف { $goal } ({ $points } امتیاز، { $met ->
    [yes] رسیده
   *[no] باز
}) { $ready ->
    [yes] آماده
   *[no] خسته
}

## رشته‌ها به همان کوتاهی که دانش نشانشان می‌دهد، و کاشی‌های پاداش، کوتاه.
inventors-render-physics = ف
inventors-render-chemistry = ش
inventors-render-mechanics = مک
inventors-render-mathematics = ر
inventors-render-tile-victory = { $points } امتیاز
inventors-render-tile-upgrade = ارتقای { $value }

## میان اقلام یک فهرست، و برای فهرست خالی.
inventors-render-separator = { "، " }
inventors-render-none = -
