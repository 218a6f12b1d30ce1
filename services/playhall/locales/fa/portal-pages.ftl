## The portal's pages (gateway/portal/*.html): their static texts, by data-l10n-id. The
## English in each page's markup is only what shows before the catalogue arrives.
## A `<x data-l10n-name="...">` in a text is the page's own element (a field, a link, a code
## sample) placed there: keep it, with its name, where the sentence needs it.

page-back-to-lobby = بازگشت به لابی

## The lobby (index.html)

page-lobby-title = Playhall
page-lobby-heading = لابی
page-lobby-challenges = دعوت‌های شما
page-lobby-challenges-in = به شما
page-lobby-challenges-out = از شما
page-lobby-open-tables = میزهای باز: دعوت از همه
page-lobby-games = بازی‌ها
page-lobby-links = بازی شما آماده است: برای هر جایگاه یک پیوند
page-lobby-links-note =
    پیوند هر بازیکن را فقط برای خود او بفرستید. رمز جایگاه پس از نشانهٔ
    <code data-l10n-name="hash">#</code> آمده است که مرورگرها هرگز آن را برای سرور نمی‌فرستند؛
    هر کس پیوندی در دست داشته باشد، در آن جایگاه بازی می‌کند.
page-lobby-open = بازی‌های باز: جایگاهی بگیرید
page-lobby-running = در حال بازی: تماشا کنید
page-lobby-finished = پایان‌یافته: بازپخش

## Confirming an e-mail address (confirm-email.html)

page-confirm-email-title = تأیید نشانی ایمیل · Playhall
page-confirm-email-heading = تأیید نشانی ایمیل
page-confirm-email-status = در حال تأیید نشانی شما…

## Coming back from the sign-in provider (signin.html)

page-signin-title = ورود · Playhall
page-signin-heading = ورود
page-signin-status = در حال تکمیل ورود با سرویس‌دهندهٔ شما…

## Friends (friends.html)

page-friends-title = دوستان · Playhall
page-friends-heading = دوستان
page-friends-signed-out =
    برای دنبال کردن بازیکنان و دیدن اینکه چه کسی آنلاین است، (از بالای صفحه) وارد شوید.
page-friends-note =
    بازیکنی را از نمایهٔ او دنبال کنید (مثلاً با زدن نامی در جدول رده‌بندی)؛ دو بازیکنی که
    یکدیگر را دنبال می‌کنند دوست‌اند. بازیکنی که مسدودش کنید نمی‌تواند شما را دنبال کند،
    به بازی دعوت کند یا با شما گفتگو کند، نمی‌بیند که آنلاین هستید یا نه، و جفت‌یابی شما را
    از هم دور نگه می‌دارد.
page-friends-friends = دوستان
page-friends-following = دنبال‌شده‌های شما
page-friends-followers = دنبال‌کنندگان شما
page-friends-blocked = مسدودشده‌های شما

## Leaderboards (leaderboard.html)

page-leaderboard-title = جدول‌های رده‌بندی · Playhall
page-leaderboard-heading = جدول‌های رده‌بندی
page-leaderboard-game = بازی: <select data-l10n-name="game"></select>
page-leaderboard-provisional = <input data-l10n-name="box"> همراه با ریتینگ‌های موقت
page-leaderboard-best = بهترین بازیکنان
page-leaderboard-note =
    بازیکنان به ترتیب ریتینگ، بهترین در ابتدا؛ هر سطح ربات هم یک بازیکن است، پس عدد آن نشان
    می‌دهد چقدر قوی است.
page-leaderboard-rank = رتبه
page-leaderboard-player = بازیکن
page-leaderboard-rating = ریتینگ
page-leaderboard-rated = بازی‌های رسمی
page-leaderboard-challenge = دعوت به بازی
page-leaderboard-previous = قبلی
page-leaderboard-next = بعدی

## The matches waiting on the player (turns.html)

page-turns-title = نوبت شماست · Playhall
page-turns-heading = نوبت شماست
page-turns-signed-out =
    برای دیدن بازی‌هایی که منتظر حرکت شما هستند، (از بالای صفحه) وارد شوید.
page-turns-waiting = بازی‌هایی که منتظر حرکت شما هستند
page-turns-note =
    نزدیک‌ترین مهلت در ابتدا. اگر یکی را از اینجا بازی کنید، این مرورگر پیوند تازه‌ای به
    جایگاه شما می‌گیرد و پیوند قدیمی‌تر آن دیگر کار نمی‌کند.

## Moderation (moderation.html)

page-moderation-title = نظارت · Playhall
page-moderation-heading = نظارت
page-moderation-not-moderator =
    این صفحه برای ناظران است: (از بالای صفحه) با حساب یک ناظر وارد شوید.
page-moderation-reports = گزارش‌های باز
page-moderation-reports-note =
    قدیمی‌ترین در ابتدا، پیام گزارش‌شده همراه با پیام‌های پیرامونش (پیام پاک‌شده با متن
    آن). هر اقدامی دلیلی می‌خواهد: به بازیکن گفته می‌شود و با نام شما ثبت می‌شود.
page-moderation-more-reports = گزارش‌های بیشتر
page-moderation-actions = اقدام‌های انجام‌شده
page-moderation-when = زمان
page-moderation-moderator = ناظر
page-moderation-action = اقدام
page-moderation-player = بازیکن
page-moderation-reason = دلیل
page-moderation-older-actions = اقدام‌های قدیمی‌تر

## Tournaments (tournaments.html)

page-tournaments-title = تورنمنت‌ها · Playhall
page-tournaments-heading = تورنمنت‌ها
page-tournaments-list = تورنمنت‌ها
page-tournaments-note =
    تورنمنت‌های سوئیسی و دوره‌ای، آنکه دیرتر شروع می‌شود در ابتدا. بازی‌های آن‌ها بازی‌های
    معمولی‌اند و مانند هر بازی دیگری در ریتینگ حساب می‌شوند.
page-tournaments-tournament = تورنمنت
page-tournaments-game = بازی
page-tournaments-format = شیوه
page-tournaments-where = محل
page-tournaments-entrants = شرکت‌کنندگان
page-tournaments-starts = شروع
page-tournaments-all = همهٔ تورنمنت‌ها
page-tournaments-join = شرکت در این تورنمنت
page-tournaments-standings = جدول امتیازها
page-tournaments-points-note =
    امتیازها: { NUMBER(1) } برای برد یا استراحت (بای)، ½ برای تساوی یا برد مشترک. در برابری، نخست
    بوخهولتس (امتیازهای حریفان) و سپس زونبورن-برگر (امتیازهای حریفان شکست‌خورده و نیمی از
    امتیاز حریفانی که با آن‌ها مساوی شده) تعیین‌کننده است.
page-tournaments-rank = رتبه
page-tournaments-entrant = شرکت‌کننده
page-tournaments-points = امتیاز
page-tournaments-buchholz = بوخهولتس
page-tournaments-sonneborn-berger = زونبورن-برگر
page-tournaments-games = بازی‌ها
page-tournaments-rounds = دورها

## A player's profile (profile.html)

page-profile-title = نمایه · Playhall
page-profile-heading = نمایه
page-profile-signed-out =
    برای دیدن بازی‌ها، بازی‌های پایان‌یافته و ریتینگ‌های خود، (از بالای صفحه) وارد شوید.
page-profile-relation = شما و این بازیکن
page-profile-games = بازی‌های من: در جریان
page-profile-games-note =
    جایگاه‌های شما در بازی‌هایی که هنوز تمام نشده‌اند، از هر مرورگری که با آن وارد شده‌اید.
    بازگشت به بازی به این مرورگر پیوند تازه‌ای به جایگاه شما می‌دهد و پیوند قدیمی‌تر دیگر
    کار نمی‌کند.
page-profile-vacation = مرخصی
page-profile-vacation-note =
    در مدت مرخصی، ساعت‌های شما در همهٔ بازی‌های نوبتی تا بازگشتتان می‌ایستند (بازی‌های زنده
    تغییری نمی‌کنند). هر سال تعداد مشخصی روز مرخصی دارید.
page-profile-away-days = رفتن به مرخصی برای <input data-l10n-name="days"> روز
page-profile-go-away = رفتن به مرخصی
page-profile-come-back = بازگشت
page-profile-notices = اعلان‌ها
page-profile-notices-note =
    <a data-l10n-name="settings">تنظیمات اعلان‌ها</a>: از چه چیزی باخبر شوید (نوبت شما،
    یادآوری‌ها، نتیجه‌ها)، در صندوق پیام، با اعلان فوری، ایمیل یا وب‌هوک، و چه زمانی.
page-profile-tokens = برنامه‌ها و ربات‌ها
page-profile-tokens-note =
    توکن دسترسی شخصی به برنامه‌ای از شما (یک ربات، یک صفحهٔ بازی) اجازه می‌دهد در محدودهٔ
    دسترسی‌هایی که به آن می‌دهید، به جای شما عمل کند: توکن را به صورت
    <code data-l10n-name="header"></code> می‌فرستد. <a data-l10n-name="api">API</a> را ببینید.
page-profile-token-name = نام
page-profile-token-starts = آغاز توکن
page-profile-token-scopes = دسترسی‌ها
page-profile-token-made = ساخته‌شده در
page-profile-token-used = آخرین استفاده
page-profile-token-expires = انقضا
page-profile-token-secret = توکن تازهٔ شما که فقط همین یک بار نشان داده می‌شود: همین حالا آن را کپی کنید.
page-profile-token-name-field = نام <input data-l10n-name="name">
page-profile-token-name-input =
    .placeholder = ربات من
page-profile-token-days = انقضا پس از <input data-l10n-name="days"> روز ({ NUMBER(0) }: هرگز)
page-profile-make-token = ساختن توکن
page-profile-bot-account = حساب ربات
page-profile-upgrade = تبدیل به حساب ربات
page-profile-ratings = ریتینگ‌ها
page-profile-ratings-note =
    برای هر بازی یک ریتینگ (OpenSkill): عدد نشان‌داده‌شده برآوردی محتاطانه از مهارت است که با
    نشان دادن نتیجه‌ها بالا می‌رود و در همهٔ صفحه‌ها یکی است؛ ریتینگی که با
    <span data-l10n-name="provisional">موقت</span> مشخص شده، از بازی‌های کمی می‌آید که هنوز
    چیز زیادی نمی‌گویند.
page-profile-history = بازی‌های پایان‌یافته
page-profile-history-game = بازی: <select data-l10n-name="game"></select>
page-profile-every-game = همهٔ بازی‌ها
page-profile-finished = پایان
page-profile-game = بازی
page-profile-seats = جایگاه‌ها
page-profile-result = نتیجه
page-profile-rating-after = ریتینگ پس از آن
page-profile-newer = جدیدتر
page-profile-older = قدیمی‌تر

## Notification settings (notifications.html)

page-notifications-title = تنظیمات اعلان‌ها · Playhall
page-notifications-heading = تنظیمات اعلان‌ها
page-notifications-signed-out =
    برای انتخاب اینکه از چه چیزی، کجا و چه زمانی باخبر شوید، (از بالای صفحه) وارد شوید.
page-notifications-kinds = از چه چیزی و کجا باخبر می‌شوید
page-notifications-kinds-note =
    صندوق پیام همان زنگوله‌ای است که بالای هر صفحه است. اعلان فوری به هر مرورگری می‌رسد که
    آن را در آن روشن کنید (پایین)، ایمیل پس از تأیید به نشانی شما، و وب‌هوک به نشانی URL آن.
    کانالی که راه نینداخته‌اید چیزی نمی‌فرستد.
page-notifications-kinds-caption = کانال‌هایی که هر نوع اعلان به آن‌ها می‌رود
page-notifications-notice = اعلان
page-notifications-inbox = صندوق پیام
page-notifications-push = اعلان فوری
page-notifications-email = ایمیل
page-notifications-webhook = وب‌هوک
page-notifications-when = زمان
page-notifications-reminders = پیش از مهلت بازی نوبتی به من یادآوری کن
page-notifications-time-zone = منطقهٔ زمانی شما
page-notifications-quiet = ساعات سکوت
page-notifications-quiet-note =
    در ساعات سکوت شما هیچ اعلان فوری، ایمیل یا وب‌هوکی فرستاده نمی‌شود: تا پایان ساعات سکوت
    منتظر می‌مانند (یادآوری‌ای که تا آن زمان مهلتش گذشته باشد حذف می‌شود). صندوق پیام همه
    چیز را بی‌درنگ می‌گیرد.
page-notifications-quiet-on = <input data-l10n-name="box"> رعایت ساعات سکوت
page-notifications-quiet-from = از
page-notifications-quiet-until = تا
page-notifications-max-per-hour = بیشترین تعداد اعلان در ساعت برای هر یک از اعلان فوری، ایمیل و وب‌هوک
page-notifications-max-per-hour-note = (بیش از آن، اعلان‌ها فقط در صندوق پیام می‌مانند)
page-notifications-email-address = نشانی ایمیل
page-notifications-email-note = برای نشانی تازه پیوندی جهت تأیید فرستاده می‌شود؛ تا آن زمان اعلانی دریافت نمی‌کند.
page-notifications-digest = ایمیل‌ها را این چند دقیقه جمع کن و سپس یکجا بفرست
page-notifications-digest-note = ({ NUMBER(0) }: برای هر اعلان یک ایمیل)
page-notifications-webhook-note =
    هر اعلان به صورت JSON و امضاشده با POST به این نشانی فرستاده می‌شود: سرآیند
    <code data-l10n-name="header"></code> دارای <code data-l10n-name="t"></code> (زمان) و
    <code data-l10n-name="v1"></code> (HMAC-SHA256 زمان، یک نقطه و بدنه) است، با کلید رمزی که
    هنگام ذخیرهٔ نشانی تازه یک بار به شما نشان داده می‌شود. پس از ده شکست پیاپی غیرفعال
    می‌شود؛ ذخیرهٔ دوبارهٔ نشانی آن را با رمزی تازه فعال می‌کند.
page-notifications-webhook-url = نشانی وب‌هوک
page-notifications-save = ذخیره
page-notifications-push-heading = اعلان‌های فوری در این مرورگر
page-notifications-push-note =
    با روشن بودن اعلان فوری، این مرورگر اعلان‌های شما را (انواعی که در بالا برای اعلان فوری
    علامت خورده‌اند) حتی وقتی هیچ صفحه‌ای از Playhall باز نیست نشان می‌دهد. نخست از شما
    اجازهٔ نمایش اعلان می‌خواهد. آن را در هر مرورگری که می‌خواهید روشن کنید.
page-notifications-push-on = روشن کردن اعلان فوری در این مرورگر
page-notifications-push-off = خاموش کردن اعلان فوری در این مرورگر

## The table: a match and its replay (match.html, replay.html)

page-table-board =
    .aria-label = صفحهٔ بازی
page-table-how-to-play = آموزش بازی
    .title = قوانین این بازی، در زبانه‌ای تازه
page-table-breakdown =
    .aria-label = امتیازها از کجا آمدند
page-table-scores-section =
    .aria-label = امتیازها
page-table-chat =
    .aria-label = گفتگو

page-match-title = بازی · Playhall
page-match-heading = بازی
page-match-connecting = در حال اتصال…
page-match-sounds = صدا خاموش
    .title = صدایی هنگامی که نوبت شماست و هنگامی که حرکتی انجام می‌شود
page-match-scores = امتیازها
page-match-undo = واگرد
    .title = آخرین حرکت خود در این نوبت را پس بگیرید: تا پیش از آنکه حرکتی چیزی را رو کند یا کارتی بکشد، و پیش از حرکت دیگران
page-match-resign = کناره‌گیری
    .title = از این بازی کناره بگیرید: دیگران ادامه می‌دهند یا می‌برند
page-match-replay = بازپخش با بررسی بذر تصادفی
page-match-give-time = دادن وقت
page-match-give-time-note =
    به بازیکن دیگری تا یک روز وقت بدهید، یک بار در هر نوبت؛ در بازی با وقت برای هر حرکت، فقط
    به بازیکنی که نوبت اوست.
page-match-log-section =
    .aria-label = رویدادهای بازی
page-match-log = چه گذشت

page-replay-title = بازپخش · Playhall
page-replay-heading = بازپخش
page-replay-checking = در حال بررسی بذر تصادفی…
page-replay-first =
    .aria-label = نخستین تغییر
page-replay-prev =
    .aria-label = تغییر قبلی
page-replay-step =
    .aria-label = تغییر
page-replay-next =
    .aria-label = تغییر بعدی
page-replay-last =
    .aria-label = آخرین تغییر
page-replay-scores = امتیازها در این لحظه
page-replay-log-section =
    .aria-label = رویدادهای این تغییر
page-replay-log = این تغییر
