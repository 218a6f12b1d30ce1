## نمایه، جدول رده‌بندی و «نوبت شماست» (js/profile.js، tokens.js، leaderboard.js، turns.js،
## myturn.js).

profile-go-back-in = بازگشت به بازی
profile-against = در برابر
profile-nobody-yet = هنوز هیچ‌کس
profile-waiting-for-players = در انتظار بازیکنان
profile-your-move = نوبت حرکت شما
profile-vacation-left = امسال { $time } مرخصی برایتان مانده است{ $perYear ->
    [0] {""}
    *[other] {" "}(از { $perYear } روز در سال)
}.
profile-vacation-left-away = امسال { $time } مرخصی برایتان مانده است{ $perYear ->
    [0] {""}
    *[other] {" "}(از { $perYear } روز در سال)
}؛ این مرخصی هنگام بازگشت از آن کم می‌شود.
profile-vacation-none-left = امسال دیگر روز مرخصی ندارید{ $perYear ->
    [0] {""}
    *[other] {" "}(از { $perYear } روز در سال)
}.
profile-away-until = در مرخصی تا { $when }
profile-last-match = بازی آخر { $change }
profile-first-rated-match = نخستین بازی رسمی { $change } (از { $start })
profile-rated-matches = { $matches } بازی رسمی
profile-chart-shows-last = نمودار { $count } بازی آخر را نشان می‌دهد
profile-leaderboard = جدول رده‌بندی
profile-player = بازیکن
profile-document-title = { $name } · Playhall
profile-own-title = نمایهٔ { $name }
profile-no-rated-match = هنوز بازی رسمی‌ای نیست: یک بازی را در برابر ربات یا یک انسان تمام کنید.
profile-result-shared-win = برد مشترک
profile-result-won = برد
profile-result-abandoned = رهاشده
profile-result-left = ترک‌کرده
profile-result-lost = باخت
profile-not-rated = بدون ریتینگ
profile-pager-range = بازی‌های { $from } تا { $to }
profile-pager-onwards = بازی‌ها از { $from }

tokens-never = هرگز
tokens-scope-match-play = ساختن بازی و بازی کردن در آن
tokens-scope-match-read = تماشا و خواندن بازی‌ها
tokens-scope-bot-play = هر آنچه یک ربات لازم دارد: بازی، دعوت‌ها، جریان رویدادها
tokens-scope-challenge-read = خواندن دعوت‌های شما
tokens-scope-challenge-write = دعوت کردن و پاسخ دادن به دعوت‌ها
tokens-scope-events-read = باز کردن جریان رویدادهای شما
tokens-scope-profile-read = خواندن نمایه و صندوق اعلان‌های شما
tokens-scope-profile-write = تغییر تنظیمات و مرخصی شما
tokens-scope-chat-read = خواندن گفتگو
tokens-scope-chat-write = نوشتن در گفتگو
tokens-scope-social-read = خواندن دوستان و حضور آنلاین شما
tokens-scope-social-write = دنبال کردن، مسدود کردن، آنلاین ماندن
tokens-revoke = باطل کردن
tokens-none = توکنی نیست.
tokens-bot-account = این حساب یک حساب ربات است: هر جا نامش آمده باشد ربات نشان داده می‌شود و در میان ربات‌ها ریتینگ می‌گیرد.
tokens-bot-offer = حساب ربات هر جا نامش بیاید ربات نشان داده می‌شود و فقط در میان ربات‌ها ریتینگ می‌گیرد. فقط حسابی که هرگز بازی رسمی نکرده می‌تواند حساب ربات شود و برای همیشه چنین می‌ماند.
tokens-upgrade-confirm = این حساب به حساب ربات تبدیل شود؟ این کار بازگشت‌پذیر نیست.

leaderboard-nobody-rated = هنوز کسی در این بازی ریتینگ ندارد.
leaderboard-no-settled-rating = هنوز ریتینگ قطعی‌ای نیست: «همراه با ریتینگ‌های موقت» را علامت بزنید.
leaderboard-heading = بهترین بازیکنان { $title }
leaderboard-document-title = جدول رده‌بندی { $title } · Playhall
leaderboard-pager-range = رتبه‌های { $from } تا { $to }
leaderboard-pager-onwards = رتبه‌ها از { $from }

turns-clock-stopped = ساعت ایستاده است: شما تا { $when } در مرخصی هستید
turns-no-clock = بدون ساعت
turns-time-left = { $time } مانده
turns-until = (تا { $when })
turns-nobody-else = هیچ‌کس دیگر
turns-play-label = بازی { $title } در برابر { $players }
turns-play = بازی
turns-none = هیچ بازی‌ای منتظر حرکت شما نیست.
turns-more = و { $count } بازی دیگر که فهرست نشده: نخستین‌ها را بازی کنید تا آن‌ها را ببینید.
turns-summary = { $count ->
    [0] هیچ بازی‌ای منتظر حرکت شما نیست.
   *[other] { $count } بازی منتظر حرکت شماست.
}

myturn-waiting = { $count ->
    [0] هیچ بازی‌ای منتظر حرکت شما نیست
   *[other] { $count } بازی منتظر حرکت شماست
}
myturn-link = نوبت شماست
myturn-link-label = نوبت شماست: { $state }
myturn-not-known = هنوز معلوم نیست
