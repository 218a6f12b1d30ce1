## زنگوله و صندوق اعلان‌ها، و تنظیمات اعلان‌ها (js/notices.js، notifications.js).

notices-unread = { $count ->
    [0] اعلان خوانده‌نشده‌ای نیست
   *[other] { $count } اعلان خوانده‌نشده
}
notices-new = اعلان تازه: { $title }
notices-unread-mark = خوانده‌نشده:
notices-none = هنوز اعلانی نیست.
notices-loading = در حال بارگیری…
notices-mark-all-read = همه خوانده شد
notices-show-older = نمایش قدیمی‌ترها
notices-heading = اعلان‌ها
notices-settings = تنظیمات اعلان‌ها
notices-label = اعلان‌ها: { $state }

notifications-kind-your-turn = نوبت شماست
notifications-kind-your-turn-what = بازی‌ای منتظر حرکت شماست
notifications-kind-deadline = یادآوری‌ها
notifications-kind-deadline-what = زمان شما در یک بازی به‌زودی تمام می‌شود
notifications-kind-match-ended = پایان بازی
notifications-kind-match-ended-what = با نتیجه و تغییر ریتینگ شما
notifications-kind-seat-left = بازیکنی رفت
notifications-kind-seat-left-what = کناره گرفت یا زمانش تمام شد
notifications-kind-round-paired = بازی تورنمنت آماده است
notifications-kind-round-paired-what = یک دور برای شما جایگاه تعیین کرد
notifications-kind-ticket-matched = جفت‌شدن از صف
notifications-kind-ticket-matched-what = «بازی فوری» هم‌بازی‌هایتان را پیدا کرد
notifications-kind-challenge-received = دعوت‌ها
notifications-kind-challenge-received-what = بازیکنی شما را دعوت کرد
notifications-kind-challenge-answered = پاسخ دعوت‌ها
notifications-kind-challenge-answered-what = دعوت شما پذیرفته یا رد شد
notifications-kind-moderation = نظارت
notifications-kind-moderation-what = ناظری دربارهٔ پیام‌ها یا بازی‌های شما اقدامی کرد (همیشه در صندوق اعلان‌ها)
notifications-channel-inbox = صندوق اعلان‌ها
notifications-channel-push = پوش
notifications-channel-email = ایمیل
notifications-channel-webhook = وب‌هوک
notifications-box-label = { $kind }: { $channel }
notifications-hours-before = { $hours } ساعت پیش از آن
notifications-zone-note = (منطقهٔ زمانی این مرورگر؛ تاکنون { $zone } ذخیره شده است)
notifications-email-confirmed = تأییدشده
notifications-email-unconfirmed = هنوز تأیید نشده: پیوندی را که به آن فرستاده شد باز کنید
notifications-webhook-disabled = غیرفعال: بیش از حد ناموفق بود. برای فعال کردن دوباره ذخیره کنید.
notifications-secret = رمز امضای وب‌هوک شما
notifications-secret-once = (فقط همین یک بار نشان داده می‌شود: اکنون رونوشت بگیرید):
notifications-quiet-same = ساعت‌های سکوت باید در زمانی جز زمان آغازشان پایان یابند
notifications-saved = ذخیره شد.
notifications-push-on = پوش در این مرورگر روشن است.
notifications-push-off = پوش در این مرورگر خاموش است.
notifications-push-unsupported = این مرورگر اینجا نمی‌تواند اعلان پوش بگیرد (به Web Push و اتصال امن نیاز دارد).
notifications-push-blocked = اعلان‌ها برای این سایت در تنظیمات مرورگر مسدود است: نخست آنجا اجازه دهید.
notifications-push-denied = اعلان‌ها برای این سایت مسدود است: در تنظیمات مرورگر اجازه دهید و دوباره امتحان کنید
notifications-push-not-allowed = پوش خاموش می‌ماند: مرورگر اجازهٔ نمایش اعلان نیافت
notifications-push-refused = این مرورگر اشتراک پوش را نپذیرفت: { $reason }
notifications-server-not-told = (به سرور خبر داده نشد: { $reason }.)
