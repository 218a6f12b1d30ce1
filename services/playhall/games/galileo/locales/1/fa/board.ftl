## صفحه و رویدادهای بازی گالیله گالیله در پورتال (js/titles/galileo.js).

## رنگ کارت، و کارت به رنگش.
galileo-colour-yellow = زرد
galileo-colour-red = قرمز
galileo-colour-blue = آبی
galileo-colour-green = سبز
galileo-scientist-yellow = دانشمند زرد، قدرت { $power }
galileo-scientist-red = دانشمند قرمز، قدرت { $power }
galileo-scientist-blue = دانشمند آبی، قدرت { $power }
galileo-scientist-green = دانشمند سبز، قدرت { $power }
galileo-experiment-yellow = آزمایش زرد، { $points } امتیاز
galileo-experiment-red = آزمایش قرمز، { $points } امتیاز
galileo-experiment-blue = آزمایش آبی، { $points } امتیاز
galileo-experiment-green = آزمایش سبز، { $points } امتیاز
galileo-no-scientist = بدون دانشمند
galileo-no-experiment = بدون آزمایش

## بالای صفحه.
galileo-headline-over = پایان بازی
galileo-headline-pick = دور { $round } از { $rounds }: همه یک دانشمند را رو به پایین انتخاب می‌کنند
galileo-headline-take = دور { $round } از { $rounds }: { $player } یک آزمایش برمی‌دارد

## صفحه.
galileo-board = صفحهٔ گالیله
galileo-area-table = میز: آزمایش‌های این دور
galileo-card-experiment = { $colour } · { $points } امتیاز
galileo-explain-experiment = { $experiment }: بازیکنِ قوی‌ترین دانشمند اول برمی‌دارد؛ برای دانشمند { $colour } دو برابر امتیاز دارد
galileo-take = برداشتن { $experiment }
galileo-table-empty = خالی
galileo-deck = دسته { $count }
galileo-explain-deck = دستهٔ آزمایش‌ها: { $count } کارت برای دورهای بعد مانده است
galileo-area-players = بازیکنان
galileo-seat-points = { $points } امتیاز
galileo-seat-hand = { $count } کارت در دست
galileo-take-rank = نفر { $rank } برمی‌دارد
galileo-pick-revealed = انتخاب
galileo-pick-own = انتخاب تو
galileo-pick-hidden = انتخاب شد
galileo-explain-picked = { $player } یک دانشمند انتخاب کرده است: رو به پایین تا همه انتخاب کنند
galileo-pick-none = بی‌انتخاب
galileo-row-played = بازی‌شده
galileo-row-taken = برداشته
galileo-row-nothing = هنوز چیزی بازی یا برداشته نشده
galileo-played = بازی‌شده: { $scientist }
galileo-took = برداشته: { $experiment }، { $points } امتیاز گرفت
galileo-doubled-mark = ×{ NUMBER(2) }
galileo-area-hand = دست تو: یک دانشمند انتخاب کن
galileo-area-hand-picked = دست تو (در این دور انتخاب کرده‌ای)
galileo-explain-scientist = { $scientist }: رو به پایین انتخاب می‌شود؛ قوی‌ترین اول آزمایش برمی‌دارد، و آزمایش { $colour } دو برابر امتیاز می‌گیرد
galileo-pick = انتخاب { $scientist }

## جدول امتیاز پایان بازی.
galileo-score-experiments = آزمایش‌ها
galileo-score-doubled = دو برابر
galileo-score-total = جمع
galileo-score-taken = برداشته
galileo-score-doubled-taken = برداشتهٔ دو برابر
galileo-score-note = آزمایش وقتی دو برابر امتیاز می‌گیرد که رنگش رنگ دانشمندِ بازی‌شده در آن دور باشد. در تساوی: آزمایش‌های برداشتهٔ بیشتر، سپس دو برابرهای بیشتر.

## رویدادهای بازی.
galileo-log-round-started = دور { $round } آغاز شد: { $experiments } رو شد
galileo-log-picked-own = { $player } { $scientist } را انتخاب کرد
galileo-log-picked = { $player } یک دانشمند انتخاب کرد
galileo-log-pick-of = { $player }: { $scientist }
galileo-log-picks-revealed = انتخاب‌ها رو شد ({ $picks })؛ ترتیب { $order }
galileo-log-took = { $player } { $experiment } را با { $points } امتیاز برداشت
galileo-log-took-doubled = { $player } { $experiment } را با { $points } امتیاز برداشت (دو برابر)
galileo-log-nothing-left = { $player } چیزی نگرفت: میز خالی بود
galileo-log-round-ended = دور { $round } پایان یافت
galileo-log-game-won = پایان بازی: امتیازها { $scores }؛ { $count ->
    [one] { $winners } برنده شد
   *[other] { $winners } برنده شدند
}
galileo-log-game-drawn = پایان بازی: امتیازها { $scores }؛ مساوی
galileo-log-unknown = اتفاقی افتاد
