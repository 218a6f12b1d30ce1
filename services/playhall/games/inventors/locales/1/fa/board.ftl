## صفحه و رویدادهای تیم مخترعان (Erfinderteam) در پورتال (js/titles/inventors.js).

## رشته‌ها، کوتاه، مانند کارت مخترع.
inventors-discipline-physics = فیزیک
inventors-discipline-chemistry = شیمی
inventors-discipline-mechanics = مکانیک
inventors-discipline-mathematics = ریاضی
inventors-discipline-unknown = دانش

## کاشی‌های پاداش.
inventors-tile-victory-1 = { NUMBER(1) } امتیاز
inventors-tile-victory-2 = { NUMBER(2) } امتیاز
inventors-tile-victory-3 = { NUMBER(3) } امتیاز
inventors-tile-upgrade-2 = ارتقای { NUMBER(2) }
inventors-tile-upgrade-3 = ارتقای { NUMBER(3) }
inventors-tile-upgrade-4 = ارتقای { NUMBER(4) }
inventors-tile-coffee = قهوه
inventors-tile-genius = نابغه
inventors-tile-star = ستاره
inventors-tile-unknown = پاداش

## تیم‌ها، به رنگ.
inventors-team-red = قرمز
inventors-team-yellow = زرد
inventors-team-purple = بنفش
inventors-team-green = سبز
inventors-team-blue = آبی

## دکمه‌های کنش.
inventors-action-coffee = نوشیدن قهوه
inventors-action-refresh = فعال کردن همه
inventors-action-pass = رد کردن
inventors-action-patent = برداشتن حق اختراع
inventors-action-finish-upgrades = پایان ارتقاها
inventors-action-end-turn = پایان نوبت

## بالای صفحه.
inventors-headline-over = پایان بازی
inventors-headline-final = ارتقاهای پایانی: { $player } ارتقا می‌دهد یا تمام می‌کند
inventors-headline-reward = عصر { $age }: { $player } پاداشی از { $invention } انتخاب می‌کند
inventors-headline-main = عصر { $age }: { $player } مخترعی را سر کار می‌فرستد، یا همه را دوباره فعال می‌کند
inventors-headline-after = عصر { $age }: { $player } می‌تواند کاشی به کار ببرد، سپس نوبت را تمام می‌کند

## صفحه.
inventors-board = صفحهٔ تیم مخترعان
inventors-area-table = اختراع‌های عصر { $age } (دسته‌ها { $decks })
inventors-no-tiles = بی کاشی
inventors-work-on = کار روی { $invention }
inventors-area-rewards = پاداش‌های { $invention }
inventors-take-tile = برداشتن کاشی { $tile }
inventors-patent-here = حق اختراع هنوز اینجاست
inventors-area-teams = تیم‌ها
inventors-team-line = { $player } · تیم { $team }
inventors-team-facts = { $points } امتیاز · { $cubes } مکعب · حق اختراع { $patents } · کاشی‌ها: { $tiles }
inventors-tiles-none = هیچ
inventors-explain-team = تیم { $player }: { $points } امتیاز، { $cubes } مکعب دانش برای گذاشتن، { $patents } حق اختراع
inventors-use-short = به کار بردن { $tile }
inventors-use-tile = به کار بردن کاشی { $tile }
inventors-area-actions = کنش‌ها
inventors-plate = { $inventor }{ $tired ->
    [yes] {" "}· خسته
   *[no] {""}
}{ $met ->
    [yes] {" "}· هدف رسیده
   *[no] {""}
} ({ $points } امتیاز)
inventors-explain-own-inventor = مخترع تو { $inventor }{ $tired ->
    [yes] ، خسته (پس از فعال کردن همه یا یک قهوه دوباره کار می‌کند)
   *[no] {""}
}: هدفی به ارزش { $points } امتیاز{ $met ->
    [yes] ، رسیده
   *[no] {""}
}
inventors-explain-inventor = مخترع { $player }، { $inventor }{ $tired ->
    [yes] ، خسته (پس از فعال کردن همه یا یک قهوه دوباره کار می‌کند)
   *[no] {""}
}: هدفی به ارزش { $points } امتیاز{ $met ->
    [yes] ، رسیده
   *[no] {""}
}
inventors-knowledge = { $discipline } { $value }
inventors-knowledge-goal = { $discipline } { $value } ← هدف { $goal }
inventors-explain-knowledge = دانش { $discipline } { $inventor }: { $value }؛ هر کار همین‌قدر مکعب از آن می‌گذارد
inventors-explain-knowledge-goal = دانش { $discipline } { $inventor }: { $value }، هدف { $goal }؛ هر کار همین‌قدر مکعب از آن می‌گذارد
inventors-inventor-unknown = یک مخترع

## جدول امتیاز پایان بازی.
inventors-score-goals = هدف‌های رسیده
inventors-score-tiles = کاشی‌های امتیاز
inventors-score-patents = حق اختراع‌ها
inventors-score-series = سری‌ها
inventors-score-total = جمع
inventors-score-note = هر حق اختراع بسته به عصرش { NUMBER(1) }، { NUMBER(2) } یا { NUMBER(3) } امتیاز دارد؛ سری دسته‌های اختراع از { NUMBER(0) } تا k (ستاره‌ها جای خالی را پر می‌کنند) k امتیاز دارد. در تساوی: حق اختراع بیشتر.

## رویدادهای بازی.
inventors-log-age-started = عصر { $age } آغاز شد: { $inventions }
inventors-log-worked = { $player } { $inventor } را برای کار روی { $invention } فرستاد
inventors-log-invention-finished = { $invention } تمام شد
inventors-log-took-patent = { $player } حق اختراع { $invention } را برداشت
inventors-log-took-tile = { $player } کاشی { $tile } را از { $invention } برداشت
inventors-log-took-reward = { $player } پاداشی از { $invention } برداشت
inventors-log-upgraded = { $player } { $discipline } { $inventor } را به { $value } ارتقا داد
inventors-log-coffee = { $player } قهوه نوشید
inventors-log-refreshed = { $player } تیمش را دوباره فعال کرد
inventors-log-passed = { $player } رد کرد
inventors-log-turn-ended = { $player } نوبتش را تمام کرد
inventors-log-age-ended = عصر { $age } پایان یافت
inventors-log-final-done = { $player } ارتقاهای پایانی‌اش را تمام کرد
inventors-log-game-ended = پایان بازی: امتیازها { $scores }
inventors-log-unknown = اتفاقی افتاد

## اختراع‌ها، به شناسه‌شان (inventions.json، از ۱).
inventors-invention-1 = آتش
inventors-invention-2 = چراغ روغنی
inventors-invention-3 = تیر و کمان
inventors-invention-4 = تبر سنگی
inventors-invention-5 = قایق کانو
inventors-invention-6 = چرخ
inventors-invention-7 = علامت دودی
inventors-invention-8 = پاپیروس
inventors-invention-9 = فلوت
inventors-invention-10 = تاس
inventors-invention-11 = ساعت آفتابی
inventors-invention-12 = ساعت آبی
inventors-invention-13 = کمان زنبورکی
inventors-invention-14 = تپانچه
inventors-invention-15 = بالن هوای گرم
inventors-invention-16 = کاراول
inventors-invention-17 = دستگاه چاپ
inventors-invention-18 = تلگراف نوری
inventors-invention-19 = آتش‌بازی
inventors-invention-20 = پیانو
inventors-invention-21 = ساعت شنی
inventors-invention-22 = ساعت مکانیکی
inventors-invention-23 = برق‌گیر
inventors-invention-24 = پیل ولتا
inventors-invention-25 = مسلسل گاتلینگ
inventors-invention-26 = هفت‌تیر
inventors-invention-27 = خودرو
inventors-invention-28 = زپلین
inventors-invention-29 = تلفن
inventors-invention-30 = رادیو
inventors-invention-31 = عکاسی
inventors-invention-32 = سینما
inventors-invention-33 = ساعت جیبی
inventors-invention-34 = کرونومتر
inventors-invention-35 = لامپ
inventors-invention-36 = دینام

## مخترعان، به نامشان در پروندهٔ داده (teams.json).
inventors-inventor-einstein = اینشتین
inventors-inventor-curie = کوری
inventors-inventor-edison = ادیسون
inventors-inventor-tesla = تسلا
inventors-inventor-galileo = گالیله
inventors-inventor-newton = نیوتن
inventors-inventor-pascal = پاسکال
inventors-inventor-boyle = بویل
inventors-inventor-lovelace = لاولیس
inventors-inventor-lavoisier = لاوازیه
inventors-inventor-watt = وات
inventors-inventor-faraday = فارادی
inventors-inventor-archimedes = ارشمیدس
inventors-inventor-aristotle = ارسطو
inventors-inventor-hippocrates = بقراط
inventors-inventor-hypatia = هیپاتیا
inventors-inventor-fibonacci = فیبوناچی
inventors-inventor-gutenberg = گوتنبرگ
inventors-inventor-oresme = اورسم
inventors-inventor-hildegard = هیلدگارد
