## ردّ درخواست‌ها در سرویس‌های اجتماعی، مسابقه‌ها، صف‌ها، اعلان‌ها و دروازه، همان‌طور که به
## فراخواننده می‌رسند. کلیدها و آرگومان‌ها قرارداد هستند؛ جمله‌ها را می‌توانید بهتر کنید.

## دعوت به بازی.

challenge-no-archive = دعوت‌های بازی در پایگاه دادهٔ بایگانی نگه داشته می‌شوند و این استقرار آن را ندارد
challenge-decline-reason-missing = بگویید چرا رد می‌کنید: دلیلی از فهرست انتخاب کنید
challenge-list-limit = limit باید از { NUMBER(0, useGrouping: 0) } تا { $most } باشد
challenge-opponent-missing = بگویید چه کسی را دعوت می‌کنید: یک بازیکن، همه، یا یک ربات
challenge-open-most = شما { $most } دعوت باز دارید؛ پیش از فرستادن دعوتی دیگر یکی را پس بگیرید یا منتظر پاسخ بمانید
challenge-seats-least = بازیِ یک دعوت دست‌کم دو جایگاه دارد
challenge-bot-level-missing = سطح ربات را انتخاب کنید: ربات‌ها در دعوت به بازی با ربات و در جایگاه‌های بعد از دومی بازی می‌کنند
challenge-karma-range = حداقل کارما از { NUMBER(0, useGrouping: 0) } تا { $most } است
challenge-karma-open-only = فقط دعوتی که برای همه باز است حداقل کارما می‌خواهد
challenge-expiry-most = یک دعوت حداکثر { NUMBER($most) } ثانیه منتظر می‌ماند
challenge-player-or-bot = یک بازیکن یا یک ربات را دعوت کنید، نه هر دو را
challenge-self = نمی‌توانید خودتان را به بازی دعوت کنید
challenge-blocking = شما این بازیکن را مسدود کرده‌اید: پیش از دعوت کردنش، مسدودی را بردارید
challenge-blocked-by = این بازیکن دعوت‌های شما را نمی‌پذیرد
challenge-accept-own = نمی‌توانید دعوت خودتان را بپذیرید؛ به جای آن پسش بگیرید
challenge-for-another = این دعوت برای بازیکن دیگری است
challenge-accept-blocked = نمی‌توانید این دعوت را بپذیرید: میان شما مسدودی برقرار است
challenge-challenger-turn-based-most = دعوت‌کننده بیشترین تعداد بازی نوبتیِ هم‌زمان را دارد؛ وقتی یکی از بازی‌هایش تمام شد دوباره تلاش کنید
challenge-decline-open = دعوتی که برای همه باز است رد نمی‌شود: آن را به دیگران واگذارید
challenge-decline-not-invited = فقط بازیکنِ دعوت‌شده می‌تواند این دعوت را رد کند
challenge-withdraw-not-challenger = فقط دعوت‌کننده می‌تواند این دعوت را پس بگیرد
challenge-already-accepted = این دعوت پیش‌تر پذیرفته شده است
challenge-declined = این دعوت رد شده است
challenge-withdrawn = دعوت‌کننده این دعوت را پس گرفته است
challenge-expired = مهلت این دعوت در { DATETIME($at, dateStyle: "medium", timeStyle: "short", timeZone: "UTC") } به وقت UTC به پایان رسید
challenge-still-open = این دعوت هنوز باز است
challenge-request-id-reused = این request_id پیش‌تر برای دعوت دیگری به کار رفته است

## گفتگو.

chat-room-unknown = اتاق گفتگوی { NUMBER($room, useGrouping: 0) } وجود ندارد: اتاق‌ها بازیکنان و تماشاگران هستند
chat-limit-range = limit باید بین { NUMBER(1, useGrouping: 0) } و { $most } باشد ({ NUMBER(0, useGrouping: 0) }: { $default })
chat-room-missing = بگویید در کدام اتاق می‌نویسید: بازیکنان یا تماشاگران
chat-watch-streams-most = شما همین حالا گفتگو را در { $most } جریان اینجا دنبال می‌کنید؛ یکی را ببندید
chat-mute-self = نمی‌توانید خودتان را بی‌صدا کنید
chat-mutes-most = شما { $most } بازیکن را بی‌صدا کرده‌اید که بیشترین حد است؛ اول صدای یکی را باز کنید

## دوستان و مسدودی‌ها.

friend-no-archive = دوستان و مسدودی‌ها در پایگاه دادهٔ بایگانی نگه داشته می‌شوند و این استقرار آن را ندارد
friend-circle-unknown = حلقهٔ { NUMBER($circle, useGrouping: 0) } شناخته نیست: دوستان، دنبال‌شده‌ها یا دنبال‌کنندگان
friend-follow-blocking = شما این بازیکن را مسدود کرده‌اید: پیش از دنبال کردنش، مسدودی را بردارید
friend-follow-blocked-by = این بازیکن شما را به عنوان دنبال‌کننده نمی‌پذیرد
friend-following-most = شما { $most } بازیکن را دنبال می‌کنید که بیشترین حد است: اول یکی را دنبال نکنید
friend-blocked-most = شما { $most } بازیکن را مسدود کرده‌اید که بیشترین حد است: اول مسدودی یکی را بردارید
friend-self = نمی‌توانید { $action ->
        [follow] خودتان را دنبال کنید
        [unfollow] دنبال کردن خودتان را لغو کنید
        [block] خودتان را مسدود کنید
       *[unblock] مسدودی خودتان را بردارید
    }
friend-player-id-form = «{ $player }» شناسهٔ بازیکن نیست (p- و { NUMBER(32, useGrouping: 0) } رقم شانزده‌شانزدهی)
friend-page-token = page_token هیچ‌کدام از next_page_tokenهای این فهرست نیست

## گزارش‌ها و نظارت.

moderation-no-archive = گزارش‌ها و نظارت در بایگانی نگه داشته می‌شوند و این استقرار بایگانی ندارد
moderation-note-missing = { $what ->
        [comment] توضیحی
        [resolution] تصمیمی
       *[reason] دلیلی
    } بنویسید: به بازیکن گفته می‌شود
moderation-note-too-long = { $what ->
        [comment] توضیح
        [resolution] تصمیم
       *[reason] دلیل
    } حداکثر { $most } نویسه دارد؛ این یکی { $length } نویسه دارد
moderation-limit-range = limit باید بین { NUMBER(1, useGrouping: 0) } و { $most } باشد ({ NUMBER(0, useGrouping: 0) }: { $default })
moderation-message-deleted-already = پیام { NUMBER($message, useGrouping: 0) } پیش‌تر حذف شده است
moderation-mute-range = بی‌صدا کردن از { NUMBER(1, useGrouping: 0) } تا { NUMBER($most) } دقیقه (یک سال) طول می‌کشد؛ { NUMBER($given) } داده شد
moderation-no-match-to-end = این بازیکن بازی ناتمامی ندارد که پایان یابد
moderation-before-negative = before_action_id نمی‌تواند منفی باشد
moderation-self = نمی‌توانید { $action ->
        [report] خودتان را گزارش کنید
        [mute] خودتان را بی‌صدا کنید
       *[end-matches] بازی‌های خودتان را پایان دهید
    }
report-after-negative = after_report_id نمی‌تواند منفی باشد
report-resolved-already = به گزارش { NUMBER($report, useGrouping: 0) } پیش‌تر رسیدگی شده است
report-reason-missing = بگویید چرا گزارش می‌کنید: یکی از { $named }

## مسابقه‌ها.

tournament-sign-in-create = برای ساختن مسابقه وارد شوید
tournament-sign-in-join = برای پیوستن به مسابقه وارد شوید
tournament-creator-sign-in = فقط بازیکنی که وارد شده می‌تواند به عنوان سازنده شرکت کند
tournament-player-once = هر بازیکن فقط یک بار در یک مسابقه شرکت می‌کند
tournament-entrants-range = یک مسابقه { NUMBER(2, useGrouping: 0) } تا { $most } شرکت‌کننده دارد
tournament-start-within-year = یک مسابقه تا یک سال دیگر آغاز می‌شود
tournament-clock-missing = بازی‌های یک مسابقه ساعت می‌خواهند (seconds_per_turn یا ذخیرهٔ وقت) تا هر دور به پایان برسد
tournament-title-not-two-player = { $title } بازی دونفره ندارد، و مسابقه‌ها فقط بازی دونفره دارند
tournament-busy = مسابقه همین حالا در حال تغییر است؛ دوباره تلاش کنید
tournament-entrant-both = شرکت‌کنندهٔ { $number } یا ربات است یا بازیکن، نه هر دو
tournament-entrant-other-player = هر بازیکن می‌تواند خودش و ربات‌ها را ثبت‌نام کند، نه بازیکنان دیگر را
tournament-entrant-player-id = شرکت‌کنندهٔ { $number }: «{ $player }» شناسهٔ بازیکن نیست (p- و { NUMBER(32, useGrouping: 0) } رقم شانزده‌شانزدهی)
tournament-entrant-missing = بگویید شرکت‌کنندهٔ { $number } کیست: سطح یک ربات یا شناسهٔ یک بازیکن
tournament-started = این مسابقه آغاز شده است: ثبت‌نام بسته است
tournament-joined-already = شما پیش‌تر در این مسابقه ثبت‌نام کرده‌اید
tournament-full = این مسابقه پر است ({ $most } شرکت‌کننده)
tournament-format-missing = یک شیوه انتخاب کنید: سوئیسی یا دوره‌ای
tournament-swiss-rounds-range = مسابقهٔ سوئیسی با { $count } شرکت‌کننده { NUMBER(1, useGrouping: 0) } تا { $most } دور دارد
tournament-swiss-rounds-promise = قرعه‌کشی نمی‌تواند برای { $count } شرکت‌کننده { $rounds } دور سوئیسی بدون تکرار تضمین کند؛ { $fewer } دور یا کمتر بخواهید، یا دوره‌ای بازی کنید

## صف‌ها.

queue-sign-in-to-be-matched = برای یافتن حریف وارد شوید: توکن بازیکن خود را به صورت «authorization: Bearer <token>» بفرستید (توکن جایگاه یک جایگاه را نشان می‌دهد، نه یک بازیکن را)
queue-streams-most = شما همین حالا بلیت‌های خود را در { $most } جریان اینجا دنبال می‌کنید؛ یکی را ببندید
queue-days-live = days_per_turn برای صف نوبتی است (PACE_TURN_BASED)
queue-days-missing = صف نوبتی days_per_turn می‌خواهد: روزهای هر حرکت
queue-rating-unavailable = ردهٔ شما الان خوانده نمی‌شود، پس حریفی برایتان پیدا نمی‌شود؛ دوباره تلاش کنید
queue-player-count = { $title } را { $least } تا { $most } بازیکن بازی می‌کنند، نه { $players }
queue-days-offered = در صف نوبتی، وقت هر حرکت { $offered } روز است، نه { $days }
queue-turn-based-ticket-gone = بلیت نوبتی شما برای { $title } دیگر در صف نیست: آن را پس گرفته‌اید، یا جفت شده و جای دیگری تحویل داده شده است (فهرست بازی‌های جاری‌تان آن را نشان می‌دهد)؛ برای بازی دیگر دوباره وارد صف شوید
queue-ticket-gone = شما دیگر در صف { $title } نیستید: از آن بیرون آمده‌اید، یا { $grace } ثانیه هیچ جریانی بلیت شما را دنبال نکرد؛ دوباره وارد شوید
queue-waiting-elsewhere = شما همین حالا در { $days ->
        [0] صف { $players } نفره
       *[other] صف نوبتی { $players } نفره (هر حرکت { $days } روز)
    } برای { $title } منتظرید؛ اول از آن بیرون بیایید
queue-being-matched = بلیت شما همین حالا در حال جفت شدن است؛ کمی بعد دوباره تلاش کنید
queue-match-lost = بازی شما دیگر پیدا نمی‌شود؛ دوباره وارد صف شوید
queue-match-over = بازی شما تمام شده است؛ دوباره وارد صف شوید
queue-match-went-on = بازی { $match } شما تمام شده یا بدون شما ادامه یافته است{ $pace ->
        [live] {" "}(جایگاهی که در { $grace } ثانیه گرفته نشود از دست می‌رود)
       *[turn-based] {""}
    }؛ دوباره وارد صف شوید
queue-matched-already = برای شما پیش‌تر حریف پیدا شده است (بازی { $match })؛ به جای این کار در آنجا کناره بگیرید

## اعلان‌ها.

notice-push-endpoint-https = نقطهٔ پایانی push نشانی https:// یک سرویس push است
notice-push-endpoint-too-long = این نقطهٔ پایانی push بیش از حد بلند است
notice-push-keys-missing = اشتراک push کلیدهایش را می‌خواهد (p256dh و auth)
notice-confirm-link-invalid = این پیوند تأیید (دیگر) معتبر نیست
notice-unsubscribe-link-invalid = این پیوند لغو اشتراک (دیگر) معتبر نیست
notice-reminder-hours = یادآوری { $choices } ساعت پیش از مهلت می‌آید، نه { $hours }
notice-time-zone-unknown = منطقهٔ زمانی «{ $zone }» شناخته نیست: منطقه‌ای مانند «Asia/Tehran» بنویسید
notice-quiet-hours-range = ساعت‌های سکوت از { NUMBER(0, useGrouping: 0) } تا { NUMBER(1439, useGrouping: 0) } دقیقه پس از نیمه‌شب آغاز می‌شوند و پایان می‌یابند
notice-per-hour-range = حداکثر { $least } تا { $most } اعلان در ساعت برای هر کانال
notice-digest-range = خلاصهٔ ایمیلی اعلان‌های { $least } تا { $most } دقیقه را جمع می‌کند
notice-email-invalid = «{ $email }» نشانی ایمیل نیست
notice-webhook-https = نشانی webhook باید یک نشانی https:// باشد

## خود دروازه.

gateway-authorization-not-utf8 = سرآیند authorization متن UTF-8 نیست: توکن را دقیقاً همان‌طور که داده شده بفرستید
gateway-header-name-not-utf8 = نام یک سرآیند متن UTF-8 نیست
gateway-header-not-utf8 = سرآیند { $header } متن UTF-8 نیست
gateway-too-many-calls = درخواست‌های بیش از حد از این { $kind ->
        [token] توکن
       *[address] نشانی
    }: { $retry_ms } میلی‌ثانیه دیگر دوباره تلاش کنید
gateway-watchers-full = این دروازه به اندازهٔ توانش تماشاگر دارد؛ یک دقیقهٔ دیگر دوباره تلاش کنید
gateway-address-watch-most = این نشانی همین حالا { $most } جریان را از این دروازه دنبال می‌کند؛ اول یکی را ببندید
gateway-stopping = دروازه در حال توقف است؛ دوباره تماشا کنید
gateway-match-server-unreachable = سرور بازی { $seconds } ثانیه است که در دسترس نیست؛ دوباره تماشا کنید
gateway-watch-time-limit = تماشا به مهلت زمانی خود رسید؛ دوباره تماشا کنید

## صفحهٔ لغو اشتراک هر ایمیل.

gateway-unsubscribe-title = لغو اشتراک
gateway-unsubscribe-question = دیگر هیچ ایمیلی از Playhall به نشانی شما فرستاده نشود؟
gateway-unsubscribe-button = لغو اشتراک
gateway-unsubscribe-done = اشتراک لغو شد: Playhall دیگر به این نشانی ایمیل نمی‌فرستد.
gateway-unsubscribe-no-token = این پیوند توکن ندارد.
gateway-unsubscribe-too-many = درخواست‌ها بیش از حد است؛ کمی بعد دوباره تلاش کنید.
