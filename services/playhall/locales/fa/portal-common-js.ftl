## واژه‌های مشترک پورتال (js/common.js، players.js، pager.js، gamecards.js، reputation.js،
## breakdown.js، chart.js): جایگاه‌ها، سطح ربات‌ها، ساعت‌ها، ریتینگ‌ها، صفحه‌ها.

common-level-random = تصادفی
common-level-easy = آسان
common-level-normal = معمولی
common-level-hard = سخت
common-level-unknown = ربات

common-seat = جایگاه { $number }
common-seat-bot = ربات { $number } ({ $level })
common-seat-open = جایگاه { $number } (باز)
common-seat-you = { $name } (شما)
common-bot-tag = ربات

common-clock-seconds = { $seconds } ثانیه
common-clock-days = { $days } روز
common-clock-hours = { $hours } ساعت
common-clock-minutes = { $minutes } دقیقه
common-clock-days-hours = { $days } روز و { $hours } ساعت
common-clock-hours-minutes = { $hours } ساعت و { $minutes } دقیقه
common-clock-under-a-minute = کمتر از یک دقیقه
common-away-until = در مرخصی تا { $when }
common-pace-per-move = نوبتی، { $time } برای هر حرکت
common-pace-bank = نوبتی، اندوختهٔ زمانی { $bank }
common-pace-bank-increment = نوبتی، اندوختهٔ زمانی { $bank } (+{ $increment } برای هر حرکت)

common-pager-page = صفحهٔ { $page }
common-pager-page-range = صفحهٔ { $page }: { $range }
common-pager-button = { $button }: { $range }

gamecard-about-galileo = دانشمندانتان را به آزمایش‌ها بفرستید، بهترین را زودتر بردارید و پیش از دیگران منتشر کنید.
gamecard-about-eynsteyn = سنگ‌هایی با خطوط نقش‌بسته بگذارید تا دو لبهٔ خود از صفحه را به هم برسانید؛ یک سنگ پیش از آن بگویید EYNSTEYN.
gamecard-about-einstein = کاشی‌های چهار دانش را در یک ایدهٔ بزرگ مشترک بچینید تا شکل‌های روی کارت‌هایتان را بسازید.
gamecard-about-inventors = گروه مخترعانتان را به اختراع‌های مشترک بفرستید و وقتی تمام شدند پاداش‌ها را بردارید.
gamecard-about-other = یک بازی رومیزی.
gamecard-players = { $count } بازیکن
gamecard-players-range = { $min } تا { $max } بازیکن

players-sign-in-expired = ورود شما منقضی شد. دوباره وارد شوید.
players-sign-in-first = نخست (از بالای صفحه) وارد شوید
players-signed-out = از حساب خارج شدید: { $reason }. دوباره وارد شوید.
players-rating-provisional = { $rating } موقت
players-rating-new = تازه‌وارد
players-not-rated-yet = هنوز ریتینگی ندارد
players-rating-described = ریتینگ { $rating }، برآوردی محتاطانه که با نشان دادن مهارت در نتیجه‌ها بالا می‌رود ({ $matches } بازی رسمی)
players-rating-described-provisional = ریتینگ { $rating }، برآوردی محتاطانه که با نشان دادن مهارت در نتیجه‌ها بالا می‌رود ({ $matches } بازی رسمی، موقت: هنوز برای داوری کم است)

reputation-unknown = فعلاً کارما نامعلوم است
reputation-karma = کارما
reputation-matches = { $finished } بازی تمام‌شده، { $abandoned } بازی نیمه‌کاره رها‌شده

breakdown-heading = امتیازها از کجا آمد
breakdown-seat = جایگاه

chart-summary = ریتینگ در { $title } در { $matches } بازی رسمی: از { $from } به { $to }
chart-empty = هنوز بازی رسمی‌ای در { $title } نیست
chart-axis-time = زمان ({ $day })
chart-axis-date = تاریخ
chart-axis-rating = ریتینگ
chart-point = { $day } { $time }: { $rating }
chart-provisional = موقت
