## نقشهٔ متنی آینشتاین (EYNSTEYN) (render.py): صفحهٔ بازی در برنامهٔ ترمینال و در لاگ‌ها.
## $seat شمارهٔ جایگاه است، $marker حرفی که نشانگرهایش روی صفحه دارند (a، b)، $edges لبه‌هایی
## که وصل می‌کند، $call وقتی EYNSTEYN را اعلام کرده "yes" است، $hand و $stacks فهرست‌اند،
## $stone نام نوع سنگ (board.ftl).

eynsteyn-render-seen-by-spectator = { eynsteyn-name }، از دید تماشاگر
eynsteyn-render-seen-by-seat = { eynsteyn-name }، از دید جایگاه { $seat }
eynsteyn-render-draw = پایان بازی: مساوی
eynsteyn-render-won = پایان بازی: جایگاه { $seat } برد

## کاری که جایگاهِ نوبت‌دار می‌کند.
eynsteyn-render-opening-draw = جایگاه { $seat } سنگ برمی‌دارد (دست آغازین { NUMBER(10) } سنگی)
eynsteyn-render-preparation = جایگاه { $seat } یک سنگ می‌گذارد (آماده‌سازی)
eynsteyn-render-refill-draw = جایگاه { $seat } سنگ برمی‌دارد (دست { NUMBER(8) } سنگی)
eynsteyn-render-place = جایگاه { $seat } یک سنگ می‌گذارد
eynsteyn-render-mark = جایگاه { $seat } می‌تواند روی سنگی نشانگر بگذارد
eynsteyn-render-end-turn = جایگاه { $seat } نوبت را تمام می‌کند (برداشتن سنگ، با اعلام یا بی آن)
eynsteyn-render-win-refused = جایگاه { $seat } رد می‌کند: پیروزیِ اعلام‌نشده پذیرفته نشد

## زیر صفحه: جایگاه‌ها و دسته‌ها.
eynsteyn-render-north-south = شمال-جنوب
eynsteyn-render-west-east = غرب-شرق
eynsteyn-render-seat = جایگاه { $seat } ({ $marker }، { $edges }): نشانگرها { $markers }{ $call ->
    [yes] ، EYNSTEYN را اعلام کرده
   *[no] {""}
}؛ دست: { $hand }
eynsteyn-render-stacks = دسته‌ها: { $stacks }
eynsteyn-render-stack = { $stack }: { $stone } ({ $count })
eynsteyn-render-stack-empty = { $stack }: خالی ({ $count })

## میان اقلام یک فهرست، و برای فهرست خالی.
eynsteyn-render-separator = { "، " }
eynsteyn-render-none = -
