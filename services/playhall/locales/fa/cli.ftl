## کلاینت ترمینال `playhall` (services/playhall/cli): آنچه چاپ می‌کند. فرمان‌ها، گزینه‌ها و
## مقدارهایی که تایپ می‌شوند (playhall move MATCH_ID، --to SEAT، 'board'، 'resign') همان‌گونه می‌مانند.

## ورود، و درگاه.
cli-sign-in-first = نخست وارد شوید: playhall login --guest NAME، یا --token TOKEN
cli-gateway-unreachable = درگاه { $gateway } در دسترس نیست (آیا در حال اجراست؟)
cli-sign-in-refused = ورود شما پذیرفته نشد ({ $reason }): با playhall login دوباره وارد شوید
cli-no-guest-sign-in = این درگاه ورود مهمان ندارد: با --token از سرویس هویت پورتال خود وارد شوید
cli-login-say-who = بگویید چه کسی هستید: --guest NAME، یا --token TOKEN
cli-signed-in = به‌عنوان { $name } ({ $player }) وارد شدید؛ در { $path } ذخیره شد
cli-signed-out = خارج شدید.
cli-nobody-signed-in = کسی وارد نشده بود.

## سطح‌های ربات، آن‌گونه که `--bots` می‌گیرد.
cli-bot-level-unspecified = نامشخص
cli-bot-level-random = تصادفی
cli-bot-level-easy = آسان
cli-bot-level-normal = معمولی
cli-bot-level-hard = سخت
cli-unknown-bot-level = سطح ربات ناشناخته '{ $level }'؛ سطح‌ها: { $levels }

## حرکت‌ها و نوبت. $count شمار حرکت‌های مجاز است.
cli-move-not-protobuf = ({ $size } بایت که پیام protobuf نیست)
cli-move-empty = (یک حرکت خالی)
cli-choice-not-taken = هیچ حرکتی انجام نشد: { $choice } پذیرفته نشد (دلیلش در بالا آمده)
cli-moves-too-many = { $count } حرکت مجاز: بخشی از یکی را تایپ کنید تا فهرست کوتاه شود.
cli-your-move = حرکت شما
cli-your-turn = نوبت شماست
cli-move-help = شمارهٔ یک حرکت را تایپ کنید، یا واژه‌هایی برای کوتاه کردن فهرست (مثلاً بخشی از یک حرکت)، 'board' برای دیدن دوبارهٔ صفحه، 'resign' برای کناره‌گیری.
cli-no-such-move = حرکت { $choice } وجود ندارد: از { $first } تا { $count } انتخاب کنید.
cli-no-move-matches = هیچ حرکت مجازی با '{ $words }' جور نیست؛ دوباره هر { $count } حرکت.
cli-you-resigned = کناره‌گیری کردید.
cli-refused = پذیرفته نشد:
cli-you-played = { $move } را بازی کردید (نسخهٔ { $version }).
cli-bot-plays-your-seat = از این پس یک ربات به جای شما بازی می‌کند.
cli-still-your-turn = هنوز نوبت شماست: playhall move { $match }

## ساعت‌ها. $bank، $back، $time و $left مدت‌اند («2 روز، 5 ساعت»).
cli-no-clock = بدون ساعت
cli-clock-bank = اندوختهٔ زمانی { $bank }
cli-clock-bank-increment = اندوختهٔ زمانی { $bank }، { $back } بازگشت برای هر حرکت
cli-clock-per-turn = { $time } برای هر نوبت
cli-timeout-forfeit = باختِ بازی
cli-timeout-bot-move = حرکتِ یک ربات
cli-pace-live = زنده
cli-pace-turn-based = نوبتی
## $pace، $kind و $late: سه متن بالا.
cli-clock = { $pace }، { $kind }؛ پایان زمان: { $late }
## نام یک بازی و ساعت آن.
cli-clock-of = { $game }: { $clock }.
cli-time-left-this-turn = (زمان باقی‌مانده در این نوبت: { $left })
cli-time-in-bank = { $name } { $bank } در اندوختهٔ زمانی دارد
cli-time-left-turn = { $name } در این نوبت { $left } وقت دارد
cli-time-stands-away = { $name }: ساعتش تا وقتی در مرخصی است می‌ایستد
cli-time-not-to-move = نوبت { $name } نیست
cli-gave-time = به { $name } در بازی { $match } { $time } وقت دادید: { $now }.
cli-say-which-seat = بگویید کدام جایگاه وقت بگیرد: --to SEAT (جایگاه‌ها: { $seats })

## جایگاه‌ها. $until یک روز است («9 دسامبر»).
cli-seat-bot-account = { $name } (ربات)
cli-seat-house-bot = جایگاه { $seat } (ربات { $level })
cli-seat-number = جایگاه { $seat }
cli-seat-away = { $name } (در مرخصی تا { $until })
cli-away-clocks = { $seats }: { $count ->
        [one] ساعتش ایستاده است
       *[other] ساعت‌هایشان ایستاده است
    }.
cli-seat-taken-elsewhere = جایگاه شما جای دیگری (دستگاه یا ترمینالی دیگر) گرفته شد، پس این یکی دیگر آن را بازی نمی‌کند؛ playhall resume { $match } آن را پس می‌گیرد
cli-nobody = هیچ‌کس
cli-to-move = نوبت { $names }
cli-to-move-time-left = نوبت { $names } ({ $left } باقی‌مانده)
## یک جمله: متن و یک نقطه.
cli-sentence = { $text }.

## آنچه در بازیِ دنبال‌شده تغییر کرد.
cli-change-abandoned = بازی رها شد
cli-change-server-moved = سرور حرکت کرد
cli-change-time-out = زمان تمام شد
cli-change-time-out-bots-play = زمان تمام شد؛ از این پس یک ربات به جای جایگاه‌های دیرکرده بازی می‌کند
cli-change-moved = { $name } حرکت کرد
cli-change-resigned = { $name } کناره‌گیری کرد
cli-change-resigned-bot-plays = { $name } کناره‌گیری کرد؛ از این پس یک ربات آن جایگاه را بازی می‌کند
cli-change-joined = { $name } پیوست
cli-change-handover = { $name } جایگاهش را دوباره گرفت (واگذاری جایگاه: توکنی تازه آن را دارد)
cli-change-version = { $change } (نسخهٔ { $version })
cli-version = نسخهٔ { $version }

## پایان یک بازی. $game نام بازی است.
cli-results-finished = { $game } { $match }: تمام شد
cli-results-draw = { $game } { $match }: تمام شد، مساوی
cli-results-abandoned = { $game } { $match }: رها شد
cli-outcome-resigned = کناره‌گیری
cli-outcome-draw = مساوی
cli-outcome-winner = برنده
cli-outcome-no-winner = بی‌برنده
cli-outcome-you-won = شما بردید
cli-outcome-you-lost = شما باختید
cli-stopped-match-goes-on = متوقف شد؛ بازی بدون شما ادامه می‌یابد (ساعت جایگاه شما می‌گذرد): playhall resume { $match } جایگاهتان را دوباره می‌گیرد
cli-left-match-bot-plays = بازی { $match } را ترک کردید؛ از این پس یک ربات به جای شما بازی می‌کند.

## ساختن بازی، پیوستن و گرفتن دوبارهٔ جایگاه. $title شناسهٔ یک بازی است، همان‌گونه که فرمان‌ها می‌گیرند.
cli-turn-based-sign-in = بازی نوبتی چند روز طول می‌کشد: { $sign_in }
cli-match-created = بازی { $match } ساخته شد؛ شما در جایگاه { $seat } هستید.
cli-waiting-for-players = در انتظار { $count } بازیکن دیگر: playhall join { $match }
cli-your-move-time-left = نوبت شماست ({ $left } باقی‌مانده): playhall move { $match }
cli-your-move-next = نوبت شماست: playhall move { $match }
## $who: نوبت چه کسی است (cli-to-move).
cli-others-move-next = { $who }؛ playhall games --my-turn بازی‌هایی را که منتظر شمایند فهرست می‌کند.
cli-seat-yours-again = بازی { $match } ({ $title }): جایگاه { $seat } دوباره از آنِ شماست.
cli-joined = در جایگاه { $seat } به بازی { $match } ({ $title }) پیوستید.
cli-no-seat-in-match = شما در بازی { $match } جایگاهی ندارید
cli-match-over = بازی { $match } تمام شده است: playhall watch { $match } پایانش را نشان می‌دهد
cli-match-not-begun = بازی { $match } هنوز آغاز نشده است: { $next }
cli-match-not-running = بازی { $match } در جریان نیست
cli-not-your-turn = در بازی { $match } نوبت شما نیست: { $who }
cli-stopped-no-move = متوقف شد؛ هیچ حرکتی انجام نشد: هر وقت آماده بودید playhall move { $match }
cli-turn-ended-first = هیچ حرکتی انجام نشد: نوبت شما در بازی { $match } زودتر تمام شد
cli-name-the-match = بازی را نام ببرید: { $count } بازی در جریان دارید ({ $matches })
cli-no-running-match = هیچ بازیِ در جریانی برای ادامه ندارید
cli-watch-unknown-title = این کلاینت پیام‌های بازی '{ $title }' را برای چاپ ندارد

## صف. $waited و $bots_in ثانیه‌اند؛ $rating و $window ریتینگ.
cli-queue-waiting = { $waited } ثانیه در انتظار بازیکنانی با ریتینگ { $rating } ± { $window } ({ $queued } نفر در صف)
cli-queue-waiting-bots = { $waiting }؛ ربات‌ها { $bots_in } ثانیهٔ دیگر می‌پیوندند
cli-left-queue = صف را ترک کردید.
cli-in-no-queue = در هیچ صفی از { $title } نبودید.
cli-entering-queue = در حال ورود به صف…
cli-turn-based-ticket-waits = نوبت شما در صف بازی نوبتی ({ $days } روز برای هر حرکت) بدون این فرمان می‌ماند: وقتی جفت شدید، بازی در میان بازی‌های شماست (playhall games --my-turn)؛ playhall queue { $title } --leave آن را بیرون می‌آورد.
cli-queue-ended-without-seat = صف بدون جایگاه به پایان رسید؛ دوباره وارد آن شوید
cli-stopped-ticket-waits = متوقف شد؛ نوبت شما در صف بازی نوبتی می‌ماند
cli-stopped-left-queue = صف را ترک کردید
cli-matched = پس از { $waited } ثانیه جفت شدید: بازی { $match }، شما در جایگاه { $seat } هستید
cli-matched-with-bots = پس از { $waited } ثانیه جفت شدید: بازی { $match }، شما در جایگاه { $seat } هستید ({ $bots } جایگاه ربات)

## مرخصی. $left یک مدت است، $until روز و ساعت.
cli-away-days-left = روزهای مرخصی باقی‌مانده در امسال: { $left }.
cli-away-days-left-after = روزهای مرخصی باقی‌مانده در امسال: { $left } پس از این مرخصی (اگر زودتر برگردید بیشتر).
cli-not-away = شما در مرخصی نیستید: playhall away DAYS ساعت‌های بازی‌های نوبتی شما را DAYS روز نگه می‌دارد.
cli-away-until = تا { $until } در مرخصی هستید: ساعت‌های بازی‌های نوبتی شما تا بازگشتتان می‌ایستند (playhall back).
cli-away-already = از پیش در مرخصی بودید؛ روزها همان‌گونه که بودند می‌مانند (playhall back، سپس playhall away DAYS، آن‌ها را تغییر می‌دهد).
cli-welcome-back = خوش برگشتید: ساعت‌های بازی‌های نوبتی شما دوباره می‌گذرند.
cli-were-not-away = در مرخصی نبودید.

## صندوق اعلان‌ها و رویدادهای حساب. $title شناسهٔ یک بازی است، $due روز و ساعت.
cli-no-notices = اعلانی نیست.
cli-no-unread-notices = اعلان خوانده‌نشده‌ای نیست.
cli-unread = { $count } خوانده‌نشده.
cli-all-read = همه خوانده شد.
cli-event-challenge-received = دعوت از { $name }: { $title } ({ $challenge }؛ playhall challenge accept { $challenge })
cli-event-challenge-accepted = دعوت { $challenge } پذیرفته شد
cli-event-challenge-declined = دعوت { $challenge } رد شد
cli-event-challenge-withdrawn = دعوت { $challenge } پس گرفته شد
cli-event-challenge-answered = به دعوت { $challenge } پاسخ داده شد
cli-event-match-runs = بازی { $match } ({ $title }) در جریان است: جایگاه شما { $seats }
cli-event-your-turn = نوبت شما در بازی { $match }
cli-event-your-turn-due = نوبت شما در بازی { $match }، مهلت تا { $due }
## $outcome: cli-outcome-no-winner، -you-won یا -you-lost.
cli-event-match-ended = بازی { $match } تمام شد: { $outcome }

## گفت‌وگو.
cli-chat-deleted = (به دست ناظر پاک شد)
cli-chat-room-players = بازیکنان
cli-chat-room-spectators = تماشاگران
cli-no-messages = پیامی نیست.
cli-muted = { $player } بی‌صدا شد.
cli-unmuted = { $player } دیگر بی‌صدا نیست.
cli-muted-nobody = کسی را بی‌صدا نکرده‌اید.

## فهرست بازی‌ها، ریتینگ‌ها و مسابقه‌ها.
cli-running-matches = بازی‌های در جریان شما
cli-no-running-matches = بازیِ در جریانی نیست.
cli-resume-hint = گرفتن دوبارهٔ یک جایگاه: playhall resume MATCH_ID
cli-no-match-waits = هیچ بازی‌ای منتظر شما نیست.
cli-matches-wait = { $count } بازی منتظر شماست. یکی را بازی کنید: playhall move MATCH_ID
cli-matches-wait-listed = { $count } بازی منتظر شماست ({ $listed } در فهرست). یکی را بازی کنید: playhall move MATCH_ID
cli-leaderboard = { $game }: جدول رده‌بندی
cli-provisional = موقت
cli-nobody-rated = هنوز کسی در این بازی ریتینگ ندارد.
cli-tournament-two-levels = مسابقه دست‌کم دو سطح متفاوت لازم دارد، مثلاً --bots easy,normal
cli-round-robin = { $game }: { $count } بازی
cli-unknown-format = قالب ناشناخته '{ $format }'؛ قالب‌ها: { $formats }
cli-tournament-created = مسابقهٔ { $tournament }: { $name }، { $rounds } دور
cli-tournament-page = صفحهٔ آن: { $url }
## $phase: یکی از مرحله‌های زیر.
cli-standings-heading = { $name }: دور { $round } از { $rounds }، { $phase }
cli-tournament-phase-unspecified = نامشخص
cli-tournament-phase-scheduled = برنامه‌ریزی‌شده
cli-tournament-phase-running = در جریان
cli-tournament-phase-finished = تمام‌شده

## دوستان.
cli-circle-friends = دوستان شما
cli-circle-following = بازیکنانی که دنبال می‌کنید
cli-circle-followers = دنبال‌کنندگان شما
cli-circle-blocked = بازیکنانی که مسدود کرده‌اید
cli-circle-empty-friends = دوستی ندارید.
cli-circle-empty-following = کسی را دنبال نمی‌کنید.
cli-circle-empty-followers = دنبال‌کننده‌ای ندارید.
cli-circle-empty-blocked = کسی را مسدود نکرده‌اید.
cli-online = بله
cli-following = { $player } را دنبال می‌کنید.
cli-following-friends = { $player } را دنبال می‌کنید: شما دوست هستید.
cli-unfollowed = دیگر { $player } را دنبال نمی‌کنید.
cli-blocked = { $player } را مسدود کردید.
cli-unblocked = دیگر { $player } را مسدود نمی‌کنید.

## دعوت‌ها. $game نام یک بازی است، $title شناسهٔ آن، $until روز و ساعت.
cli-challenge-state-unspecified = نامشخص
cli-challenge-state-open = باز
cli-challenge-state-accepted = پذیرفته
cli-challenge-state-declined = ردشده
cli-challenge-state-withdrawn = پس‌گرفته
cli-challenge-state-expired = منقضی
cli-decline-reason-unspecified = بی‌دلیل
cli-decline-reason-too-fast = خیلی تند
cli-decline-reason-too-slow = خیلی کند
cli-decline-reason-not-this-title = نه این بازی
cli-decline-reason-later = بعداً
cli-decline-reason-no-rated-games = بی بازی ریتینگ‌دار
cli-decline-reason-other = دلیل دیگر
cli-challenge-declined-because = { $state } ({ $reason })
cli-anyone = همه
cli-anyone-in-lobby = همه (در لابی فهرست شده)
cli-challenge-terms = { $game }، { $seats } جایگاه، { $clock }
cli-challenge-say-whom = بگویید چه کسی را دعوت می‌کنید: یکی از --to PLAYER_ID، --anyone یا --bot LEVEL
cli-bot-match-begun = بازی { $match } با ربات آغاز شد؛ شما در جایگاه { $seat } هستید.
cli-play-it = بازی‌اش کنید: playhall resume { $match }
cli-challenge-sent = دعوت { $challenge } برای { $whom } فرستاده شد؛ تا { $until } منتظر می‌ماند.
cli-no-challenges = دعوتی نیست.
cli-your-challenges = دعوت‌های شما
cli-no-open-challenges = هیچ دعوتی باز نیست.
cli-open-challenges = دعوت‌های باز
cli-match-begun = بازی { $match } ({ $title }) آغاز شد؛ شما در جایگاه { $seat } هستید.
cli-declined = دعوت { $challenge } را رد کردید ({ $reason }).
cli-withdrew = دعوت { $challenge } را پس گرفتید.

## توکن‌های دسترسی شخصی.
cli-token-made = توکن { $token } ({ $name }): { $scopes }
cli-token-secret = رمز آن، که فقط همین یک بار نشان داده می‌شود (آن را به‌صورت 'authorization: Bearer <secret>' بفرستید):
cli-no-tokens = توکنی نیست.
cli-never = هرگز
cli-token-revoked = توکن { $token } باطل شد.

## ستون‌های جدول‌ها.
cli-column-seat = جایگاه
cli-column-player = بازیکن
cli-column-score = امتیاز
cli-column-when = زمان
cli-column-notice = اعلان
cli-column-match = شناسهٔ بازی
cli-column-title = بازی
cli-column-your-seats = جایگاه‌های شما
cli-column-version = نسخه
cli-column-opponents = حریفان
cli-column-time-left = زمان باقی‌مانده
cli-column-rank = رتبه
cli-column-rating = ریتینگ
cli-column-matches = بازی‌ها
cli-column-level = سطح
cli-column-games = بازی‌ها
cli-column-wins = بردها
cli-column-draws = مساوی‌ها
cli-column-losses = باخت‌ها
cli-column-entrant = شرکت‌کننده
cli-column-points = امتیاز
cli-column-buchholz = بوخهولتس
cli-column-sonneborn-berger = سونبورن-برگر
cli-column-name = نام
cli-column-player-id = شناسهٔ بازیکن
cli-column-online = آنلاین
cli-column-challenge = دعوت
cli-column-from = از
cli-column-to = به
cli-column-state = وضعیت
cli-column-expires = انقضا
cli-column-id = شناسه
cli-column-starts = آغاز
cli-column-scopes = دسترسی‌ها
cli-column-made = ساخته‌شده
cli-column-last-used = آخرین استفاده

## متن راهنمای فرمان‌ها و گزینه‌هایشان (playhall --help، playhall play --help).
cli-help-lang = زبان: en، de یا fa؛ پیش‌فرض: زبانی که LC_ALL، LC_MESSAGES یا LANG نام می‌برد، وگرنه انگلیسی.
cli-help-app = بازی‌های رومیزی Playhall را در ترمینال، از راه یک درگاه Playhall، بازی کنید.
cli-help-tournament = مسابقه‌ها: مسابقه‌های خود پلتفرم (create، standings) و دوره‌ای‌های ربات‌ها در همین رایانه (run).
cli-help-friends = بازیکنانی که دنبال می‌کنید، دنبال‌کنندگان و دوستان شما (دوسویه)، و بازیکنانی که مسدود کرده‌اید. نخست وارد شوید.
cli-help-chat = گفت‌وگوی یک بازی: خواندن، چیزی گفتن، بی‌صدا کردن یک بازیکن برای خودتان. نخست وارد شوید.
cli-help-challenge = دعوت‌ها: یک بازیکن، همه (دعوت‌های باز لابی) یا یک ربات را به بازی دعوت کنید؛ به دعوت‌هایی که می‌رسد پاسخ دهید. نخست وارد شوید (جز برای فهرست دعوت‌های باز).
cli-help-token = توکن‌های دسترسی شخصی، برای برنامه‌های خودتان (یک ربات): یکی با دسترسی‌های لازمش بسازید، توکن‌هایتان را فهرست کنید، یکی را باطل کنید. نخست وارد شوید (توکن نمی‌تواند توکن‌ها را مدیریت کند).
cli-help-gateway = نشانی درگاه، یا host:port (`make run` یکی راه می‌اندازد).
cli-help-token-option = توکن بازیکن (یک JWT از سرویس هویت پورتال شما)؛ پیش‌فرض: آنچه `playhall login` ذخیره کرد.
cli-help-title = شناسهٔ بازی: galileo، eynsteyn، inventors، einstein.
cli-help-json = چاپ JSON برای اسکریپت‌ها.
cli-help-login = وارد شوید (به‌عنوان مهمان، یا با توکن بازیکن) و آن را برای فرمان‌های دیگر ذخیره کنید.
cli-help-login-guest = به‌عنوان مهمانی تازه با این نام وارد شوید (محیط‌های توسعه).
cli-help-logout = فراموش کردن ورود ذخیره‌شده.
cli-help-play = بازی با ربات‌ها، یا با بازیکنانی که می‌پیوندند (--open): صفحه، حرکت‌های مجاز شماره‌دار شما و ساعت. در بازی نوبتی (--turn-based یا --bank) بازی ساخته می‌شود و این فرمان پایان می‌یابد: playhall move وقتی نوبت شماست حرکتی انجام می‌دهد.
cli-help-play-bots = سطح ربات‌های حریف، جداشده با ویرگول (random، easy، normal، hard)؛ پیش‌فرض: normal، یا هیچ با --open.
cli-help-play-open-seats = جایگاه‌هایی که برای بازیکنان دیگر باز می‌مانند (playhall join MATCH_ID).
cli-help-play-turn-based = بازی نوبتی: DAYS روز برای هر حرکت (1، 2، 3، 5، 7 یا 14)؛ این فرمان سپس پایان می‌یابد و playhall move MATCH_ID نوبت‌های شما را بازی می‌کند. نخست وارد شوید.
cli-help-play-bank = به جای آن بازی نوبتی با اندوختهٔ زمانی: DAYS روز (1 تا 30) برای همهٔ حرکت‌های هر جایگاه.
cli-help-play-bank-increment = با --bank: روزهایی که پس از هر حرکت برمی‌گردد (هرگز بیش از آغاز اندوخته).
cli-help-play-on-timeout = بازی نوبتی: پایان زمان یک جایگاه چه می‌کند.
cli-help-name = نام شما، وقتی وارد نشده‌اید.
cli-help-queue = با بازیکنان هم‌سطح خود جفت شوید (ربات‌ها جایگاه‌هایی را که کسی به‌موقع نمی‌گیرد می‌گیرند)، سپس بازی کنید. نخست وارد شوید. با --json: پیام‌های صف به‌صورت خط‌های JSON، در پایان جایگاه (با توکنش)، و بی‌بازی. با --turn-based: جای نوبت شما در صف، یا بازی پس از جفت شدن، و این فرمان پایان می‌یابد (playhall move نوبت‌های شما را بازی می‌کند).
cli-help-queue-players = بازیکن در هر بازی (پیش‌فرض: کمترین شمار آن بازی).
cli-help-queue-turn-based = صف برای بازی نوبتی، DAYS روز برای هر حرکت (1، 2، 3، 5، 7 یا 14): نوبت شما در صف بدون این فرمان می‌ماند تا جفت شوید (بازی آنگاه در میان بازی‌های شماست) یا صف را ترک کنید (--leave).
cli-help-queue-leave = بیرون آوردن نوبت شما از صف این بازی.
cli-help-resume = جایگاه خود را در بازیِ در جریان دوباره بگیرید و ادامه دهید: بازی یک مسابقه، بازی‌ای که با Ctrl-C ترک شد، بازی‌ای که روی دستگاهی دیگر آغاز شد (که توکن جایگاهش دیگر بازی نمی‌کند). نخست وارد شوید.
cli-help-resume-match-id = شناسهٔ بازی (`playhall games` بازی‌های شما را فهرست می‌کند)؛ پیش‌فرض: تنها بازیِ در جریان شما.
cli-help-seat = جایگاه شما، وقتی بیش از یکی دارید.
cli-help-join = یک جایگاه باز در بازی‌ای که بازیکن دیگری ساخته بگیرید (playhall play --open): بازی زنده همین‌جا تا پایان بازی می‌شود؛ به بازی نوبتی می‌پیوندید و آن را ترک می‌کنید (playhall move نوبت‌های شما را بازی می‌کند؛ نخست وارد شوید).
cli-help-join-match-id = شناسهٔ بازی که سازنده‌اش به شما داد.
cli-help-join-seat = جایگاه بازی که می‌گیرید؛ پیش‌فرض: پایین‌ترین.
cli-help-move = یک حرکت در بازی انجام دهید و بروید (بازی نوبتی): جایگاهتان دوباره گرفته می‌شود، صفحه، حرکت‌های مجاز شماره‌دار شما؛ حرکتی که برمی‌گزینید (یا --choice) انجام می‌شود و فرمان بی‌تماشا پایان می‌یابد. وقتی نوبت شما نیست با 1 پایان می‌یابد. نخست وارد شوید.
cli-help-move-match-id = شناسهٔ بازی (playhall games --my-turn بازی‌هایی را که منتظر شمایند فهرست می‌کند).
cli-help-move-choice = بی‌پرسش حرکت مجاز Nام فهرست (از 1) را انجام دهید.
cli-help-give-time = به جایگاه دیگری در بازی نوبتی وقت بیشتری بدهید، یک بار در هر نوبت و حداکثر یک روز: به اندوخته‌اش، یا با زمانِ هر نوبت، به جایگاهی که نوبتش است وقتی نوبت شما نیست. وقتی را که اکنون دارد چاپ می‌کند. نخست وارد شوید.
cli-help-match-id = شناسهٔ بازی.
cli-help-give-time-hours = چقدر وقت: 1 تا 24 ساعت.
cli-help-give-time-to-seat = جایگاهی که آن را می‌گیرد (یک عدد)؛ پیش‌فرض: جایگاهی که نوبتش است، اگر تنها یکی است و از آنِ شما نیست.
cli-help-away = به مرخصی بروید: ساعت جایگاه‌های شما در همهٔ بازی‌های نوبتی می‌ایستد (بازی‌های زنده ادامه دارند)، و حریفانتان شما را در مرخصی می‌بینند، تا playhall back یا گذشتن DAYS روز. بدون DAYS: اینکه در مرخصی هستید یا نه، و روزهای مرخصی باقی‌مانده در امسال. نخست وارد شوید.
cli-help-away-days = بیشترین روزهای مرخصی (1 یا بیشتر؛ حداکثر روزهای مرخصی باقی‌مانده در امسال)؛ هیچ: اینکه در مرخصی هستید یا نه، و روزهای باقی‌مانده.
cli-help-back = از مرخصی برگردید: ساعت‌های بازی‌های نوبتی شما با وقتی که داشتند دوباره می‌گذرند؛ روزهای مرخصی باقی‌مانده در امسال را چاپ می‌کند. نخست وارد شوید.
cli-help-notices = صندوق اعلان‌های شما: آنچه Playhall به شما گفت (نوبت شماست، مهلتی نزدیک است، بازی‌ای تمام شد...)، تازه‌ترین نخست، با شمار خوانده‌نشده‌ها. نخست وارد شوید.
cli-help-notices-unread = فقط آن‌هایی که هنوز خوانده نشده‌اند.
cli-help-notices-read = سپس همهٔ اعلان‌ها را خوانده‌شده علامت بزنید.
cli-help-notices-limit = بیشترین شمار اعلان‌ها در فهرست.
cli-help-events = رویدادهای حساب خود را تا Ctrl-C دنبال کنید: دعوت‌های رسیده و پاسخ‌داده، بازی‌های آغازشده، نوبت‌های شما، بازی‌های تمام‌شده (نخست آنچه در انتظار است، مگر --after ادامه دهد). با --json هر رویداد (keep-alive‌ها هم) در یک خط، با شناسه‌ای برای ادامه. نخست وارد شوید (یا --token با توکن دسترسی‌ای که events:read دارد).
cli-help-events-after = ادامه پس از این شناسهٔ رویداد (آن‌گونه که --json چاپ می‌کند): چیزی دو بار گفته نمی‌شود.
cli-help-player = شناسهٔ بازیکن (آن‌گونه که `chat read` نشان می‌دهد).
cli-help-chat-read = پیام‌های بازی که می‌توانید بخوانید، قدیمی‌ترین نخست: تا بازی در جریان است، اتاق خودتان (اتاق بازیکنان اگر جایگاهی دارید، وگرنه اتاق تماشاگران)؛ هر دو وقتی تمام شد.
cli-help-chat-read-room = فقط یک اتاق (پیش‌فرض: هر اتاقی که می‌توانید بخوانید).
cli-help-chat-say = چیزی در اتاقی از یک بازیِ در جریان بگویید.
cli-help-chat-say-text = پیام: یک خط.
cli-help-chat-say-room = players (جایگاهی دارید) یا spectators (جایگاهی ندارید).
cli-help-chat-mute = پیام‌های یک بازیکن را از آنچه می‌خوانید کنار بگذارید، در همهٔ بازی‌ها (به او گفته نمی‌شود).
cli-help-chat-unmute = پیام‌های بازیکنِ بی‌صداشده دوباره به شما برسد.
cli-help-chat-muted = بازیکنانی که بی‌صدا کرده‌اید، تازه‌ترین نخست.
cli-help-watch = بازی‌ای را به‌عنوان تماشاگر تا پایانش دنبال کنید: صفحه پس از هر تغییر.
cli-help-games = بازی‌های در جریان شما (نخست وارد شوید)؛ با --my-turn آن‌هایی که منتظر شمایند و وقتی که هر یک به شما می‌دهد.
cli-help-games-my-turn = فقط بازی‌هایی که منتظر حرکت شمایند، نزدیک‌ترین مهلت نخست.
cli-help-ratings = جدول رده‌بندی این بازی.
cli-help-ratings-size = شمار ردیف‌ها.
cli-help-ratings-provisional = ریتینگ‌های موقت را هم فهرست کنید.
cli-help-tournament-run = دوره‌ای سطح‌های ربات: هر جفت N بازی، یک نوار پیشرفت، و جدول (برد 1، برد مشترک نیم).
cli-help-tournament-run-bots = سطح‌های رباتی که با هم بازی می‌کنند، جداشده با ویرگول.
cli-help-tournament-run-games = بازی برای هر جفت (جایگاه‌ها در هر بازی جابه‌جا می‌شوند).
cli-help-tournament-run-parallel = بازی‌هایی که هم‌زمان انجام می‌شوند.
cli-help-tournament-run-seed = بذر بازی‌ها (آنجا که محیط بذر می‌پذیرد).
cli-help-tournament-create = مسابقه‌ای در پلتفرم بسازید که از همین حالا آغاز می‌شود (ورود لازم است)؛ صفحه‌اش در پورتال /tournaments.html?id=<id> است.
cli-help-tournament-create-title = شناسهٔ بازی (بازی‌های دونفره‌اش).
cli-help-tournament-create-bots = برای هر سطح فهرست‌شده یک ربات شرکت‌کننده، جداشده با ویرگول.
cli-help-tournament-create-enter = خودتان هم (واردشده) شرکت کنید.
cli-help-tournament-create-format = swiss یا round-robin.
cli-help-tournament-create-rounds = دورهای سوئیسی.
cli-help-tournament-create-name = نام مسابقه.
cli-help-tournament-create-turn-seconds = ساعت نوبت هر بازی؛ یک ربات به جای جایگاه دیرکرده حرکت می‌کند.
cli-help-tournament-create-turn-based = به جای آن بازی‌ها را نوبتی انجام دهید: DAYS روز برای هر حرکت (1، 2، 3، 5، 7 یا 14)؛ یک ربات به جای جایگاه دیرکرده حرکت می‌کند.
cli-help-tournament-standings = جدول یک مسابقهٔ پلتفرم (امتیاز، بوخهولتس، سونبورن-برگر).
cli-help-tournament-standings-tournament-id = شناسهٔ مسابقه.
cli-help-tournament-standings-follow = پس از هر تغییر دوباره چاپ کنید، تا پایان.
cli-help-other-player = شناسهٔ بازیکن (p- و 32 رقم هگز، آن‌گونه که `friends list` نشان می‌دهد).
cli-help-friends-list = دوستان شما (بازیکنانی که دنبالشان می‌کنید و شما را دنبال می‌کنند)، بازیکنانی که دنبال می‌کنید، دنبال‌کنندگانتان، یا بازیکنانی که مسدود کرده‌اید، به نام، با اینکه چه کسی آنلاین است.
cli-help-friends-list-circle = کدام فهرست.
cli-help-friends-follow = یک بازیکن را دنبال کنید: وقتی او هم شما را دنبال کند، دوست هستید.
cli-help-friends-unfollow = دیگر یک بازیکن را دنبال نکنید.
cli-help-friends-block = یک بازیکن را مسدود کنید: هیچ‌یک از شما دیگری را دنبال یا دعوت نمی‌کند یا با او گفت‌وگو نمی‌کند، هیچ‌یک دیگری را آنلاین نمی‌بیند، و جفت‌سازی شما را از هم دور نگه می‌دارد.
cli-help-friends-unblock = مسدود بودن یک بازیکن را بردارید.
cli-help-challenge-id = شناسهٔ دعوت.
cli-help-challenge-send = یک بازیکن (--to)، همه (--anyone) یا یک ربات (--bot LEVEL) را به بازیِ TITLE دعوت کنید، زنده مگر با --turn-based.
cli-help-challenge-send-to = شناسهٔ بازیکن (آن‌گونه که `friends list` نشان می‌دهد).
cli-help-challenge-send-anyone = باز برای همه: در لابی فهرست می‌شود.
cli-help-challenge-send-bot = بی‌درنگ با رباتی از این سطح بازی کنید (random، easy، normal، hard).
cli-help-challenge-send-seats = جایگاه‌های بازی؛ آن‌هایی که پس از دومی‌اند ربات‌اند.
cli-help-challenge-send-bot-level = سطح ربات‌ها در جایگاه‌های پس از دومی.
cli-help-challenge-send-turn-based = نوبتی، DAYS روز برای هر حرکت (1، 2، 3، 5، 7، 14).
cli-help-challenge-send-min-karma = با --anyone: کارمایی که پذیرنده لازم دارد.
cli-help-challenge-send-expires = چه مدت منتظر می‌ماند (پیش‌فرض: آنچه سرور می‌گوید).
cli-help-challenge-list = دعوت‌های شما، فرستاده و رسیده، تازه‌ترین نخست، با وضعیت هر یک.
cli-help-challenge-open = دعوت‌های باز لابی، که هر کسی می‌تواند بپذیرد (playhall challenge accept ID).
cli-help-challenge-open-title = فقط دعوت‌های این بازی.
cli-help-challenge-accept = یک دعوت را بپذیرید: بازی‌اش آغاز می‌شود؛ بازی زنده همین‌جا تا پایان بازی می‌شود.
cli-help-challenge-decline = دعوتی به خودتان را رد کنید، با گفتن دلیل.
cli-help-challenge-decline-reason = چرا؛ به دعوت‌کننده گفته می‌شود.
cli-help-challenge-withdraw = دعوت خود را تا کسی پاسخ نداده پس بگیرید.
cli-help-token-create = یک توکن دسترسی شخصی بسازید؛ رمز آن اکنون نشان داده می‌شود و دیگر هرگز.
cli-help-token-create-name = توکن برای چیست (مثلاً 'ربات من').
cli-help-token-create-scopes = دسترسی‌ای که توکن دارد؛ برای هر یک یک بار --scope بدهید.
cli-help-token-create-days = چند روز اعتبار دارد (0: هرگز منقضی نمی‌شود).
cli-help-token-list = توکن‌های دسترسی شخصی شما که باطل نشده‌اند، تازه‌ترین نخست (هرگز رمزهایشان).
cli-help-token-revoke = یکی از توکن‌هایتان را باطل کنید: از این پس هر سروری آن را رد می‌کند.
cli-help-token-revoke-token-id = شناسهٔ توکن (`playhall token list`).
