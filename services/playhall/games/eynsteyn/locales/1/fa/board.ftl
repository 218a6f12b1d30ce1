## صفحه و رویدادهای بازی اینشتاین (EYNSTEYN) در پورتال (js/titles/eynsteyn.js).

## نوع سنگ‌ها.
eynsteyn-kind-straight = مستقیم
eynsteyn-kind-curve = خمیده
eynsteyn-kind-junction = سه‌راهی
eynsteyn-kind-crossing = چهارراه
eynsteyn-kind-double-curve = دو خمیده
eynsteyn-kind-blocker = مسدودکننده
eynsteyn-kind-unknown = سنگ

## لبه‌هایی که هر بازیکن وصل می‌کند.
eynsteyn-goal-north-south = بالا و پایین
eynsteyn-goal-west-east = چپ و راست
eynsteyn-goal-unknown = دو لبهٔ خودش

## بالای صفحه: کار بازیکنی که نوبت اوست.
eynsteyn-headline-opening-draw = { $player } برای شروع یک سنگ برمی‌دارد
eynsteyn-headline-preparation = { $player } یک سنگ آماده‌سازی می‌گذارد، نه کنار سنگی دیگر
eynsteyn-headline-refill-draw = { $player } دستش را پر می‌کند
eynsteyn-headline-place = { $player } یک سنگ می‌گذارد
eynsteyn-headline-mark = { $player } می‌تواند یک نشانگر روی صفحه بگذارد
eynsteyn-headline-end-turn = { $player } برای پایان نوبت سنگ برمی‌دارد، با اعلام EYNSTEYN یا بی آن
eynsteyn-headline-win-refused = { $player } اتصالش را اعلام نکرده بود: سنگ برمی‌گردد
eynsteyn-headline-over = پایان بازی

## صفحه.
eynsteyn-board = صفحهٔ اینشتاین
eynsteyn-choose-stone-first = اول یک سنگ از دستت انتخاب کن، بعد خانه‌ای که می‌خواهی آن را رویش بگذاری.
eynsteyn-area-board-mine = صفحه: { $goal } را وصل کن؛ لبه‌های تو به رنگ تو
eynsteyn-area-board = صفحه، { $size } در { $size }
eynsteyn-square = خانهٔ ردیف { $row }، ستون { $column }: { $stone }
eynsteyn-square-laid-by = خانهٔ ردیف { $row }، ستون { $column }: { $stone }، گذاشتهٔ { $player }
eynsteyn-square-empty = خانهٔ خالی ردیف { $row }، ستون { $column }
eynsteyn-square-height = { $height } طبقه
eynsteyn-square-marker = نشانگر { $player }
eynsteyn-mark-square = نشان‌گذاری { $square }
eynsteyn-lay-on-square = گذاشتن روی { $square }
eynsteyn-winning-line = خط پیروزی { $player }: { $count } سنگ از لبه تا لبه
eynsteyn-area-stacks = دسته‌های برداشت (سنگ رویی باز)
eynsteyn-stack-short = { $stack }: { $count }
eynsteyn-stack = دستهٔ { $stack } ({ $count } سنگ، رویی { $stone })
eynsteyn-stack-empty = دستهٔ { $stack } ({ $count } سنگ، بی سنگ رویی)
eynsteyn-call = اعلام EYNSTEYN!
eynsteyn-no-call = اعلام نکن
eynsteyn-skip-mark = بی نشانگر
eynsteyn-pass = رد کردن
eynsteyn-rotation = چرخش { $turns }
eynsteyn-area-turn = چرخاندن { $stone }
eynsteyn-area-choices = گزینه‌ها
eynsteyn-area-hand-called = { $player } · EYNSTEYN را اعلام کرد
eynsteyn-hand-goal = { $goal } را وصل می‌کند · { $markers } نشانگر مانده
eynsteyn-explain-own-stone = سنگ { $stone } تو: انتخابش کن، اگر خواستی بچرخانش، بعد خانه‌ای برای گذاشتنش
eynsteyn-own-stone = سنگ { $stone } تو
eynsteyn-explain-other-stone = سنگ { $stone } { $player } (همهٔ دست‌ها باز است)

## جدول پایان بازی.
eynsteyn-score-connects = وصل می‌کند
eynsteyn-score-markers = نشانگرهای مانده
eynsteyn-score-result = نتیجه
eynsteyn-score-draw = مساوی
eynsteyn-score-won = برد
eynsteyn-score-lost = باخت
eynsteyn-score-note-no-winner = برنده‌ای نیست: هیچ بازیکنی نتوانست سنگی بگذارد.
eynsteyn-score-note-other-left = { $player } برد: بازیکن دیگر بازی را ترک کرد.
eynsteyn-score-note-connected = { $player } لبه‌هایش را وصل کرد.
eynsteyn-score-note-connected-for-opponent = لبه‌های { $player } با سنگ حریف وصل شد.
eynsteyn-score-note-no-placements = هیچ بازیکنی نتوانست سنگی بگذارد: مساوی.

## رویدادهای بازی. ردیف‌ها و ستون‌ها از ۱ در گوشهٔ شمال‌غربی شمرده می‌شوند.
eynsteyn-log-game-started = { $player } شروع می‌کند؛ { $northSouth } شمال-جنوب را وصل می‌کند
eynsteyn-log-stone-drawn = { $player } از دستهٔ { $stack } یک سنگ { $stone } برداشت
eynsteyn-log-stone-placed = { $player } یک سنگ { $stone } در ردیف { $row }، ستون { $column } گذاشت{ $level ->
    [1] {""}
   *[other] {" "}(طبقهٔ { $level })
}
eynsteyn-log-preparation-stuck = آماده‌سازی گیر کرد: سنگ‌ها برگشتند
eynsteyn-log-preparation-ended = آماده‌سازی تمام شد
eynsteyn-log-marker-placed = { $player } در ردیف { $row }، ستون { $column } نشانگر گذاشت
eynsteyn-log-mark-skipped = { $player } نشانگری نگذاشت
eynsteyn-log-turn-ended = { $player } از دستهٔ { $stack } برداشت
eynsteyn-log-turn-ended-call = { $player } از دستهٔ { $stack } برداشت و EYNSTEYN را اعلام کرد!
eynsteyn-log-win-refused = { $player } بی اعلام وصل کرد: سنگ ردیف { $row }، ستون { $column } برمی‌گردد
eynsteyn-log-passed = { $player } رد کرد
eynsteyn-log-passed-call = { $player } رد کرد و EYNSTEYN را اعلام کرد!
eynsteyn-log-game-won = پایان بازی: { $count ->
    [one] { $winners } برنده شد
   *[other] { $winners } برنده شدند
}
eynsteyn-log-game-no-winner = پایان بازی: بی برنده
eynsteyn-log-unknown = اتفاقی افتاد
