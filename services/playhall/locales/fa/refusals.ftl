## پاسخ‌های ردِ مدیریت بازی (playhall.common.errors)، آن‌طور که هماهنگ‌کننده و سرویس‌های
## کنارش می‌فرستند. کلیدها و آرگومان‌ها قرارداد هستند؛ جمله‌ها را می‌توانید بهتر کنید.

rules-service-unavailable = سرویس قوانین { $title } در دسترس نیست؛ چیزی تغییر نکرد، دوباره تلاش کنید

## پاسخ‌های ردی که خودِ common/errors.py می‌نویسد.

match-not-found = بازی «{ $match }» وجود ندارد
tournament-not-found = مسابقهٔ «{ $tournament }» وجود ندارد
challenge-not-found = دعوت به بازی «{ $challenge }» وجود ندارد
player-not-found = بازیکنی با شناسهٔ «{ $player }» وجود ندارد
report-not-found = گزارش { NUMBER($report, useGrouping: 0) } وجود ندارد
chat-message-not-found = بازی «{ $match }» پیام { NUMBER($message, useGrouping: 0) } را که شما بتوانید خوانده باشید ندارد
token-not-found = شما توکن دسترسی «{ $token }» ندارید
seat-resigned = شما در این بازی کناره‌گیری کرده‌اید
moderation-moderators-only = این کار فقط از ناظر برمی‌آید: با توکن ناظر وارد شوید
chat-banned = یک ناظر شما را تا { DATETIME($until, dateStyle: "medium", timeStyle: "short", timeZone: "UTC") } به وقت UTC از گفتگو محروم کرده است
match-stale-version = بازی جلو رفته است: اکنون در نسخهٔ { NUMBER($current, useGrouping: 0) } است و حرکت شما برای نسخهٔ { NUMBER($expected, useGrouping: 0) } بود
karma-too-low = کارمای شما { $karma } است؛ { $needed_for ->
        [match] این بازی
        [challenge] این دعوت به بازی
        [opening-challenge] فرستادن دعوت به بازی
        [queue] ورود به صف
       *[other] این کار
    } دست‌کم { $minimum } کارما می‌خواهد (تمام کردن بازی‌ها کارما را بالا می‌برد)
match-busy = این بازی الان بیش از حد شلوغ است؛ دوباره تلاش کنید
limit-too-many-calls = { $calls ->
        [moves] حرکت‌های
        [reads] خواندن‌های
        [challenges] دعوت‌های
        [streams] جریان‌های
       *[writes] تغییرهای
    } بیش از حد از { $kind ->
        [token] این توکن
       *[address] این نشانی
    } (حد مجاز { $rate } در ثانیه، { $burst } به‌یک‌باره): { $retry_ms } میلی‌ثانیهٔ دیگر دوباره تلاش کنید
limit-too-many-streams = { $kind ->
        [token] این توکن
       *[address] این نشانی
    } هم‌اکنون { $most } جریان باز دارد که بیشترین حد مجاز است؛ اول یکی را ببندید

## بازی‌ها: ساختن، پیوستن، خواندن (matches/domain.py).

match-archived = این بازی تمام شده و صفحهٔ آن بایگانی شده است؛ تاریخچهٔ آن هنوز در دسترس است
rules-none-answering = الان هیچ سرویس قوانینی پاسخ نمی‌دهد؛ دوباره تلاش کنید
match-unknown-title = بازی «{ $title }» شناخته نیست؛ بازی‌های موجود: { $served }
match-other-seats-open = این سرور فقط بازیکنانِ واردشده را می‌نشاند: جایگاه‌های انسانیِ دیگر را باز بگذارید تا بازیکنان دیگر بپیوندند
match-seed-not-allowed = بذرِ (seed) دلخواه فقط برای بازی‌هایی پذیرفته می‌شود که جایگاه انسانی یا باز ندارند
match-turn-based-most = شما هم‌اکنون { $most } بازی نوبتی دارید که بیشترین حد هم‌زمان است؛ اول یکی را تمام کنید یا از آن کناره بگیرید
match-over-history-available = بازی تمام شده است؛ تاریخچهٔ آن هنوز در دسترس است
match-after-version-ahead = after_version { NUMBER($after, useGrouping: 0) } از بازی جلوتر است (نسخهٔ { NUMBER($version, useGrouping: 0) })
match-waiting-for-players = بازی منتظر بازیکنان است
match-over = بازی تمام شده است
request-too-old-to-retry = request_id «{ $request }» خیلی وقت پیش بازی‌ای ساخته است و دیگر نمی‌توان آن را تکرار کرد؛ برای ساختن بازی دیگر یک request_id تازه بفرستید
request-created-match-over = بازی‌ای که این درخواست ساخته، تمام شده است
request-joined-match-over = بازی‌ای که این درخواست به آن پیوسته، تمام شده است
request-used-for-another-join = request_id «{ $request }» پیش‌تر برای پیوستنی دیگر به کار رفته است
request-used-for-different = request_id «{ $request }» پیش‌تر برای { $kind ->
        [match] بازی دیگری
       *[move] حرکت دیگری
    } به کار رفته است
request-id-length = request_id باید ۱ تا ۱۲۸ نویسه باشد
request-id-creating-length = request_id باید { $least } تا ۱۲۸ نویسه باشد (یک مقدار تصادفی، مثلاً یک UUID)
request-id-reserved = request_idهایی که با «{ $prefix }» شروع می‌شوند مخصوص ربات‌ها هستند
karma-minimum-out-of-range = min_karma باید از ۰ تا { $most } باشد؛ { $given } بود
karma-not-kept = این سرور کارما نگه نمی‌دارد: بازی را بدون min_karma بسازید
karma-sign-in = برای نشستن در جایگاه وارد شوید: این بازی دست‌کم { $minimum } کارما می‌خواهد
karma-unavailable = این سرور الان نمی‌تواند کارما را بخواند؛ سرور دیگری را امتحان کنید یا دوباره تلاش کنید
account-sign-in-to-play = برای { $action ->
        [create] ساختن بازی
       *[join] پیوستن به بازی
    } وارد شوید: این سرور فقط بازیکنانِ واردشده را می‌نشاند

## جایگاه‌ها.

seat-none-open = این بازی جایگاه باز ندارد
seat-not-open = جایگاه { $seat } باز نیست
seat-already-held = شما هم‌اکنون جایگاه { $seat } این بازی را دارید
seat-none-in-match = شما در بازی { $match } جایگاهی ندارید
seat-send-token = برای { $action ->
        [move] حرکت کردن
        [undo] پس گرفتن حرکت
        [resign] کناره‌گیری
       *[give-time] دادن وقت
    } توکن جایگاه خود را بفرستید
seat-none-cannot = شما در این بازی جایگاهی ندارید، پس نمی‌توانید { $action ->
        [move] حرکت کنید
        [undo] حرکتی را پس بگیرید
        [resign] کناره‌گیری کنید
       *[give-time] وقت بدهید
    }
seat-kind-missing = بگویید چه کسی در جایگاه { $seat } بازی می‌کند: انسان، باز یا ربات
seat-bot-level-missing = برای ربات جایگاه { $seat } یک سطح انتخاب کنید

## پس گرفتن حرکت، دادن وقت.

undo-not-for-bots = ربات‌ها هرگز حرکتی را پس نمی‌گیرند
undo-match-over = بازی تمام شده است: هیچ حرکتی را نمی‌توان پس گرفت
undo-nothing = حرکتی برای پس گرفتن نیست: هر حرکت را فقط در نوبت خودش می‌توان پس گرفت، پیش از آنکه خودش یا حرکتی بعدی چیزی را رو کند یا کارتی بکشد، و پیش از آنکه کس دیگری کاری کند
undo-only-owner = فقط جایگاه { $seat } می‌تواند حرکت خودش را پس بگیرد: نوبت اوست
time-give-range = ۱ تا { $most } ثانیه وقت بدهید (حداکثر یک روز)
time-turn-based-only = وقت دادن فقط در بازی‌های نوبتی ممکن است
time-match-not-running = بازی در جریان نیست
time-to-another-seat = وقت را به جایگاه دیگری بدهید
time-seat-not-a-person = جایگاه { $seat } را انسان بازی نمی‌کند
time-given-this-turn = شما در این نوبت وقت داده‌اید؛ نوبت بعد دوباره می‌توانید
time-seat-not-to-move = نوبت جایگاه { $seat } نیست: با زمانِ هر نوبت، وقت به جایگاهی داده می‌شود که نوبتش است
time-you-move-too = نوبت شما هم هست، و زمانِ یک نوبت برای همهٔ جایگاه‌های آن یکسان است

## گفتگو (matches/chat.py).

chat-message-empty = پیام خالی است: چیزی بنویسید
chat-message-too-long = هر پیام حداکثر { $most } نویسه دارد؛ این یکی { $length } نویسه دارد
chat-message-not-plain = هر پیام یک سطر متن ساده است: شکستن سطر، تب و نویسه‌های کنترلی را بردارید
chat-players-room-players-only = فقط بازیکنانِ این بازی در اتاق بازیکنان می‌نویسند؛ در اتاق تماشاگران بنویسید
chat-spectators-room-not-for-players = شما در این بازی بازی می‌کنید: در اتاق بازیکنان بنویسید (اتاق تماشاگران مال آن‌هاست)
chat-players-room-closed-while-running = تا بازی در جریان است فقط بازیکنانش اتاق بازیکنان را می‌خوانند؛ پس از پایان بازی برای همه باز می‌شود
chat-spectators-room-closed-while-running = تا بازی در جریان است بازیکنانش اتاق تماشاگران را نمی‌خوانند؛ پس از پایان بازی برایشان باز می‌شود
chat-sign-in = برای گفتگو وارد شوید: توکن بازیکن خود را به صورت «authorization: Bearer <token>» بفرستید (توکن جایگاه یک جایگاه را نشان می‌دهد، نه یک بازیکن را)
chat-closed = این بازی تمام شده است: گفتگوی آن بسته است (هر دو اتاق را می‌توان خواند)
chat-too-fast = پیام‌ها را خیلی تند می‌فرستید: پیش از پیام بعدی { $wait } ثانیه صبر کنید
chat-after-negative = after_message_id نمی‌تواند منفی باشد
chat-mutes-no-archive = بی‌صدا کردن‌ها در بایگانی نگه داشته می‌شوند و این استقرار بایگانی ندارد

## ساعت‌ها (matches/clocks.py).

clock-field-range = { $field } باید از ۰ تا { $most } باشد
clock-choose-one = یک ساعت انتخاب کنید: seconds_per_turn یا بانک زمان، نه هر دو
clock-increment-needs-bank = افزایش بانک زمان به bank_initial_seconds نیاز دارد
clock-timeout-action-missing = بگویید ساعت هنگام تمام شدن وقت چه کند: باختن یا حرکت ربات
clock-turn-based-needs-clock = بازی نوبتی به ساعت نیاز دارد: زمانی برای هر نوبت یا یک بانک زمان
clock-turn-based-per-turn = زمان هر نوبت در بازی نوبتی { $days } روز است ({ $seconds } ثانیه)
clock-turn-based-bank-range = بانک زمانِ بازی نوبتی با ۱ تا { $most } روز شروع می‌شود
clock-turn-based-increment-too-big = افزایشِ بانک زمانِ بازی نوبتی حداکثر به اندازهٔ بانکی است که با آن شروع می‌شود

## مرخصی (matches/vacations.py).

vacation-too-short = دست‌کم برای یک روز به مرخصی بروید
vacation-none-left = امسال روز مرخصی دیگری ندارید

## جایگاه‌ها و توکن‌ها (matches/identity.py).

seat-send-seat-token = برای عمل کردن به جای جایگاه { $seat } توکن آن جایگاه را بفرستید
seat-worker-names-none = اعتبارنامهٔ کارگر باید جایگاهی را که از طرفش عمل می‌کند نام ببرد
seat-not-a-bot = جایگاه { $seat } جایگاه ربات نیست
seat-token-holds-none = این توکن در بازی { $match } جایگاهی ندارد
seat-token-holds-other = این توکن جایگاه { $seat } را در بازی { $match } ندارد
seat-not-yours = جایگاه { $seat } در بازی { $match } مال شما نیست
seat-no-such = جایگاه { $seat } وجود ندارد: جایگاه‌ها از ۰ تا { $last } هستند
token-not-taken = این سرور توکن دسترسی شخصی نمی‌پذیرد

## سرویس‌های قوانین (matches/rules_client.py، matches/commits.py، matches/housekeeping.py).

rules-service-failed = سرویس قوانین { $title } با { $code } پاسخ داد که بیرون از قرارداد آن است؛ چیزی تغییر نکرد
rules-version-gone = این بازی با قوانین «{ $version }» آغاز شده است و دیگر هیچ سرویس قوانینی از «{ $major }» اجرا نمی‌شود (این سرور { $served } را اجرا می‌کند): نمی‌توان آن را با قوانین دیگری ادامه داد
rules-answered-other-version = سرویس قوانین { $title } برای بازی‌ای با قوانین «{ $played }» با قوانین «{ $answered }» پاسخ داد؛ چیزی تغییر نکرد
match-state-missing = وضعیت بازی { $match } گم شده است

## توکن‌های بازیکن (accounts/tokens.py) و نام مهمان‌ها (accounts/guests.py).

token-player-not-taken = این سرور توکن بازیکن نمی‌پذیرد؛ از توکن جایگاه استفاده کنید
token-player-key-unknown = توکن کلید امضایی را نام می‌برد که این سرور نمی‌شناسد
token-player-no-key-of-kind = توکن بازیکن با { $algorithm } امضا شده است، اما این سرور برای آن به هیچ کلید { $kind } اعتماد ندارد
token-player-keys-unreachable = کلیدهای ارائه‌دهندهٔ هویت الان دریافت نمی‌شوند؛ دوباره تلاش کنید
token-player-signing-key-unknown = کلید امضای توکن ناشناخته است
token-player-malformed = توکن بازیکن بدساخت است
token-player-expired = توکن بازیکن منقضی شده است؛ دوباره وارد شوید
token-player-audience = توکن بازیکن برای این سرویس نیست (audience باید «{ $audience }» باشد)
token-player-issuer = توکن بازیکن از صادرکننده‌ای آمده است که این سرور به آن اعتماد ندارد
token-player-claim-missing = توکن بازیکن ادعای «{ $claim }» را ندارد
token-player-invalid = توکن بازیکن معتبر نیست
token-player-signature = امضای توکن بازیکن تأیید نمی‌شود
token-player-subject-empty = subject توکن بازیکن خالی است
token-player-no-name = توکن بازیکن نام هیچ بازیکنی را ندارد: به «name» یا «preferred_username» نیاز دارد
token-player-header-invalid = سرآیند توکن بازیکن معتبر نیست
token-player-no-algorithm = سرآیند توکن بازیکن هیچ الگوریتم امضایی را نام نمی‌برد
token-player-algorithm = توکن بازیکن با «{ $algorithm }» امضا شده است؛ فقط { $accepted } پذیرفته می‌شوند
account-guest-name-invisible = نام نمی‌تواند نویسهٔ نامرئی داشته باشد (نویسه‌های کنترلی، جهت متن یا بی‌عرض، یا پرکنندهٔ خالی)
account-guest-name-length = نامی با { $least } تا { $most } نویسه انتخاب کنید
account-guest-name-form = نام از حرف‌ها و رقم‌ها ساخته می‌شود و میان آن‌ها فاصله، نقطه، آپاستروف، خط تیره یا زیرخط می‌آید

## انبارهٔ بازی‌ها و حدهای خودِ هماهنگ‌کننده (matchstore/، matches/servicer.py).

storage-unavailable = انبارهٔ بازی‌ها لحظه‌ای در دسترس نیست؛ دوباره تلاش کنید (حرکتی که با همان request_id دوباره فرستاده شود حداکثر یک بار اعمال می‌شود)
storage-failed = انبارهٔ بازی‌ها خطا داد؛ چیزی تغییر نکرد
storage-not-replicated-retry = تغییر به‌موقع از سوی { $required } نسخهٔ پشتیبان انبارهٔ بازی‌ها تأیید نشد؛ آن را با همان request_id دوباره بفرستید
storage-not-replicated-read = تغییر به‌موقع از سوی { $required } نسخهٔ پشتیبان انبارهٔ بازی‌ها تأیید نشد؛ شاید ثبت شده باشد و شاید نه: پیش از تلاش دوباره بازی را بخوانید
storage-record-unreadable = رکورد بازی { $match } خوانده نمی‌شود
clock-pace-missing = یک سرعت انتخاب کنید: زنده یا نوبتی
match-phase-unknown = مرحلهٔ بازیِ { $phase } شناخته نیست
token-bearer-form = توکن را به صورت «authorization: Bearer <token>» بفرستید
gateway-credential-mismatch = اعتبارنامهٔ این دروازه با اعتبارنامهٔ هماهنگ‌کننده یکی نیست: هر دو باید PLAYHALL_GATEWAY_CREDENTIAL یکسانی داشته باشند
watch-server-full = این سرور به اندازهٔ توانش بازی‌ها را دنبال می‌کند؛ نسخهٔ دیگری از سرور را امتحان کنید یا GetMatch را گاه‌به‌گاه بخوانید
watch-address-full = نشانی شما هم‌اکنون { $most } بازی را بدون توکن جایگاه دنبال می‌کند؛ اول یکی را ببندید

## بایگانی (archive/).

archive-unreachable = بایگانی بازی‌ها الان در دسترس نیست؛ دوباره تلاش کنید
archive-none = بازی‌های تمام‌شده، رتبه‌بندی‌ها و جدول‌های برترین‌ها از بایگانی بازی‌ها می‌آیند و این استقرار بایگانی ندارد
archive-page-size = page_size باید از ۱ تا { $most } باشد (یا ۰ برای { $default })؛ { $given } بود
archive-page-token-too-long = page_token برای اینکه توکن صفحه باشد بیش از حد بلند است
archive-page-token-undecodable = page_token توکن صفحه نیست: next_page_token صفحهٔ قبل را همان‌طور که آمد بفرستید، یا برای صفحهٔ اول هیچ
archive-page-token-other-list = page_token توکن صفحهٔ { $list } نیست
archive-page-token-other-query = page_token برای پرسش دیگری داده شده است: فیلدهای دیگر را همان‌طور که برای صفحهٔ اول بودند نگه دارید، یا برای شروع دوباره page_token نفرستید
archive-title-required = title_id لازم است: بازی‌ای که رتبه‌بندی‌هایش را می‌خواهید
archive-player-id-form = player_id «{ $player }» شناسهٔ بازیکن نیست (p- و ۳۲ رقم شانزده‌شانزدهی)
archive-ratings-whose = بازیکن را نام ببرید (player_id) یا برای خواندن رتبه‌بندی‌های خودتان وارد شوید

## ورود (api/، player_service/).

account-sign-in-first = اول وارد شوید: توکن بازیکن خود را به صورت «authorization: Bearer <token>» بفرستید
account-sign-in-player = اول وارد شوید: توکن بازیکن خود را به صورت «authorization: Bearer <token>» بفرستید (توکن جایگاه یک جایگاه را نشان می‌دهد، نه یک بازیکن را)
notice-no-archive = اعلان‌ها در پایگاه دادهٔ بایگانی نگه داشته می‌شوند و این استقرار آن را ندارد
event-sign-in-first = اول وارد شوید: توکن بازیکن خود یا یک توکن دسترسی با دامنهٔ events:read را به صورت «authorization: Bearer <token>» بفرستید
event-streams-most = حساب شما اینجا هم‌اکنون { $most } جریان رویداد باز دارد؛ یکی را ببندید
event-after-unknown = after باید event_id رویدادی باشد که همین جریان فرستاده است، یا خالی
request-undecodable = درخواست به صورت پیامی از نوع درخواستِ این متد رمزگشایی نشد

## توکن‌های دسترسی شخصی و حساب‌های ربات (access/، api/).

token-none-kept = این استقرار توکن دسترسی شخصی نگه نمی‌دارد (پایگاه دادهٔ بایگانی ندارد)
token-no-archive = توکن‌های دسترسی و حساب‌های ربات در پایگاه دادهٔ بایگانی نگه داشته می‌شوند و این استقرار آن را ندارد
token-scope-number-unknown = دامنه‌ای با شمارهٔ { $number } وجود ندارد
token-most-held = شما { $held } توکن دسترسی دارید که بیشترین حد برای هر بازیکن است: اول یکی را باطل کنید
token-id-form = «{ $token }» شناسهٔ توکن نیست (شناسه‌ها با «t-» شروع می‌شوند)
token-name-length = برای توکن نامی با ۱ تا { $most } نویسه بگذارید
token-name-control = نام توکن نمی‌تواند نویسهٔ کنترلی داشته باشد
token-scope-unknown = دامنهٔ «{ $scope }» وجود ندارد: دامنه‌ها این‌ها هستند: { $known }
token-scope-none = دست‌کم یک دامنه به توکن بدهید
token-expiry-range = هر توکن ۱ تا { $most } روز اعتبار دارد (۰: هرگز منقضی نمی‌شود)
token-unknown = این توکن دسترسی شناخته نیست
token-revoked = این توکن دسترسی باطل شده است
token-expired = این توکن دسترسی منقضی شده است: توکن تازه‌ای بسازید
token-method-not-open = { $method } توکن دسترسی شخصی نمی‌پذیرد
token-method-sign-in = { $method } توکن دسترسی شخصی نمی‌پذیرد: برای فراخواندن آن (در درگاه) وارد شوید
token-scope-missing = این توکن دامنهٔ { $scope } را که { $method } لازم دارد ندارد
bot-account-rated = این حساب یک بازی رتبه‌بندی‌شده انجام داده است ({ $title }): فقط حسابی که هرگز رتبه نگرفته می‌تواند حساب ربات شود
bot-page-size = هر صفحه ۱ تا { $most } ربات دارد
bot-page-token = این توکن صفحه از ListOnlineBots نیست

## کارخواهِ بازی (match_client.py).

watch-deadline-from-start = وقتِ دنبال کردن بازی { $match } هنگام از سر گرفتن از آغاز آن تمام شد
watch-deadline-after = وقتِ دنبال کردن بازی { $match } هنگام از سر گرفتن پس از نسخهٔ { NUMBER($version, useGrouping: 0) } تمام شد
