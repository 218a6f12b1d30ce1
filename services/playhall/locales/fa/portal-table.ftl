## میز بازی: صفحه‌های بازی و بازپخش پیرامون صفحهٔ بازی (js/match.js، replay.js، undo.js،
## myseat.js، table.js، svg.js). متن‌های خودِ هر بازی (صفحه، رویدادها) در فهرست پیام‌های همان
## بازی است: games/<بازی>/locales/<نسخهٔ اصلی>/<زبان>/board.ftl.

table-page-title = { $title } · Playhall
table-no-match-id = شناسهٔ بازی در نشانی نیست.

## وضعیت اتصال، در سرصفحه.
table-connection-live = زنده
table-connection-reconnecting = اتصال قطع شد: در حال اتصال دوباره…
table-connection-finished = تمام‌شده
table-connection-closed = بسته

## نوبت کیست، بالای صفحهٔ بازی.
table-finished-won = { $reason ->
    [resignation] پایان با کناره‌گیری
    [timeout] پایان با تمام شدن وقت
    [abandoned] پایان (رهاشده)
   *[none] پایان
}: { $count ->
    [one] { $winners } برنده شد
   *[other] { $winners } برنده شدند
}
table-finished-no-winner = { $reason ->
    [resignation] پایان با کناره‌گیری
    [timeout] پایان با تمام شدن وقت
    [abandoned] پایان (رهاشده)
   *[none] پایان
}: بی برنده
table-waiting-to-join = در انتظار پیوستن بازیکنان…
table-your-move = نوبت توست
table-waiting-for = در انتظار { $players }…
table-watching = تماشاگر
table-playing-as = بازی به عنوان { $player }
table-watching-cannot-move = تو تماشاگری: فقط بازیکنِ یک جایگاه می‌تواند حرکت کند.
table-last-move = حرکت آخر: { $events }
## میان بخش‌های یک سطر (رویدادهای یک حرکت، انتخاب‌های یک دور).
table-separator = { "؛ " }

## امتیازها کنار صفحه.
table-seat-left = (رفته)
table-seat-to-move = نوبتش
table-seat-winner = برنده

## ساعت نوبت.
table-clock-none = بی ساعت
table-clock-left = { $time } برای این نوبت مانده
table-clock-left-until = { $time } برای این نوبت مانده (تا { $until })
table-clock-stopped = ساعت متوقف است تا وقتی { $away }
table-clock-away-seat = { $player } نیست (تا { $until })
table-clock-banks = ذخیرهٔ وقت: { $banks }
table-clock-bank = { $player } { $time }
table-clock-bank-away = { $player } متوقف (غایب)

## وقت دادن به بازیکنی دیگر (بازی‌های نوبتی).
table-give-away = { $player } تا { $until } نیست: ساعتش متوقف است.
table-give-hours = ساعت‌هایی که به { $player } می‌دهی
table-give-to = وقت دادن به { $player }
table-give-button = وقت بده
table-give-done = به { $player } { $time } وقت دادی.

table-resign-confirm = از این بازی کناره می‌گیری؟
table-take-seat = این جایگاه توست: همین‌جا بازی کن

## حرکتی که هرگز پس گرفته نمی‌شود، اول پرسیده می‌شود.
table-confirm-label = تأیید حرکت
table-confirm-send = بفرست
table-confirm-back = دوباره انتخاب کن
table-confirm-galileo-pick = این دانشمند را بفرستی؟ انتخاب‌ها پنهان‌اند: انتخابِ فرستاده پس گرفته نمی‌شود.
table-confirm-galileo-take = این آزمایش را برمی‌داری؟ آزمایشِ برداشته پس داده نمی‌شود.
table-confirm-eynsteyn-preparation = این سنگ را با همین چرخش اینجا می‌گذاری؟ سنگ آماده‌سازی پس گرفته نمی‌شود.
table-log-undo = { $player } یک حرکت را پس گرفت

## عنصری از صفحه که اکنون حرکت مجازی نمی‌سازد.
table-not-playable = { $label } (اکنون بازی‌شدنی نیست)

## ابزارهای میز.
table-sounds-on = صدا روشن
table-sounds-off = صدا خاموش

## بازپخش.
table-replay-heading = بازپخش: { $title }
table-replay-where = تغییر { $step } از { $count }
table-replay-nothing-visible = چیزی دیده نمی‌شود
table-seed-not-revealed = بذر هنوز آشکار نشده (بازی تمام نشده)
table-seed-verified = بُر زدن‌ها تأیید شد
table-seed-mismatch = بذر نمی‌خواند
table-seed-hashes = بذر { $seed } به { $digest } درهم می‌شود، همان SHA-256 که هنگام ساختن بازی منتشر شد.
table-seed-hashes-not = بذر { $seed } به { $digest } درهم می‌شود، نه به SHA-256 که هنگام ساختن بازی منتشر شد!

## صفحهٔ موقتِ بازی‌ای که صفحهٔ خودش را ندارد (js/titles/_generic.js).
table-generic-headline = این بازی هنوز صفحهٔ خودش را ندارد: نما و حرکت‌هایش همان‌طور که هستند
table-generic-view = آنچه می‌بینی
table-generic-moves = حرکت‌های تو
table-generic-move = حرکت
table-generic-board = صفحه
