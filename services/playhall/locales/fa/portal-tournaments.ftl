## تورنمنت‌ها: فهرست، یک تورنمنت و فرمی که تورنمنت می‌سازد (js/tournaments.js،
## tournamentform.js).

tournaments-format-swiss = سوئیسی
tournaments-format-round-robin = دوره‌ای
tournaments-phase-scheduled = برنامه‌ریزی‌شده
tournaments-phase-running = در جریان
tournaments-phase-finished = پایان‌یافته
tournaments-entrant = شرکت‌کنندهٔ { $number }
tournaments-bot = ربات { $number } ({ $level })
tournaments-none = هنوز تورنمنتی نیست.
tournaments-bye = استراحت (بای)
tournaments-playing = در حال بازی
tournaments-round = دور { $number }
tournaments-sign-in-to-join = برای شرکت پیش از شروع، (از بالای صفحه) وارد شوید.
tournaments-entered = شما در این تورنمنت هستید.
tournaments-entries-open = ثبت‌نام تا شروع آن باز است.
tournaments-facts = { $format }، { $title }، { $played } از { $planned } دور، { $phase }؛ شروع { $start }.

tournamentform-seconds = { $seconds } ثانیه
tournamentform-rounds = دورهای سوئیسی:
tournamentform-name = نام:
tournamentform-name-example = جام جمعه
tournamentform-format = شیوه:
tournamentform-against = شما در برابر:
tournamentform-bots = { $count } ربات
tournamentform-bot-level = سطح ربات:
tournamentform-starts = شروع:
tournamentform-starts-in = { $minutes ->
    [0] بی‌درنگ
    [60] یک ساعت دیگر
   *[other] { $minutes } دقیقهٔ دیگر
}
tournamentform-move-time = زمان هر حرکت:
tournamentform-create = ساختن تورنمنت
tournamentform-heading = ساختن یک تورنمنت
tournamentform-note = با ربات‌هایی که انتخاب می‌کنید در آن شرکت می‌کنید؛ تا شروع، بازیکنان دیگر می‌توانند از صفحهٔ آن بپیوندند.
