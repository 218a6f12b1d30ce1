## دوستان، فهرست‌های ثابت دعوت‌ها، گفتگو، گزارش‌ها و نظارت (js/social.js، friends.js،
## relation.js، chat.js، reportform.js، moderation.js، modlink.js).

social-decline-later = الان نه، شاید بعداً
social-decline-too-fast = ساعت بیش از حد تند است
social-decline-too-slow = ساعت بیش از حد کند است
social-decline-not-this-title = ترجیح می‌دهم بازی دیگری کنم
social-decline-no-rated-games = فعلاً بازی رسمی نه
social-decline-other = دلیلی دیگر

social-challenge-open = در انتظار پاسخ
social-challenge-accepted = پذیرفته شد
social-challenge-declined = رد شد
social-challenge-withdrawn = پس گرفته شد
social-challenge-expired = منقضی شد

social-report-abuse = توهین، آزار، نفرت‌پراکنی
social-report-spam = تبلیغ، پیام‌های پیاپی، پیوند
social-report-cheating = تقلب
social-report-unsportsmanlike = بازی غیرجوانمردانه
social-report-other = چیزی دیگر (بگویید چه)

report-form-why = چرا:
report-form-comment = توضیح:
report-form-send = فرستادن گزارش
report-form-already = پیش‌تر این را گزارش کرده‌اید: در دست ناظران است.
report-form-filed = گزارش شد: یکی از ناظران آن را بررسی می‌کند.
report-form-label = گزارش { $what }
report-form-summary = گزارش

chat-panel-room-players = بازیکنان
chat-panel-room-spectators = تماشاگران
chat-panel-messages = پیام‌ها
chat-panel-heading = گفتگو
chat-panel-empty = هنوز پیامی نیست.
chat-panel-someone = کسی
chat-panel-deleted = ناظر آن را پاک کرد
chat-panel-mute-name = بی‌صدا کردن { $name }
chat-panel-mute = بی‌صدا کردن
chat-panel-message-of = پیام { $name }
chat-panel-you = (شما)
chat-panel-say-players = به بازیکنان بگویید:
chat-panel-say-spectators = به تماشاگران بگویید:
chat-panel-send = فرستادن
chat-panel-closed = بازی تمام شده است: گفتگو بسته است.
chat-panel-on-match-page = گفتگوی بازیِ در جریان در صفحهٔ خود آن است.
chat-panel-muted = بی‌صدا شده‌ها:
chat-panel-unmute-name = برداشتن بی‌صدایی { $name }
chat-panel-unmute = برداشتن بی‌صدایی
chat-panel-sign-in = برای گفتگو (از بالای صفحه) وارد شوید.

moderation-desk-action-resolve-report = گزارشی را رسیدگی کرد
moderation-desk-action-delete-message = پیامی را پاک کرد
moderation-desk-action-mute-from-chat = از گفتگو محروم کرد
moderation-desk-action-end-match = بازی‌ای را رهاشده اعلام و تمام کرد
moderation-desk-action-until = { $action } تا { $when }
moderation-desk-mute-hour = یک ساعت
moderation-desk-mute-day = یک روز
moderation-desk-mute-week = یک هفته
moderation-desk-mute-30-days = { NUMBER(30) } روز
moderation-desk-deleted = (پاک‌شده)
moderation-desk-reported-tag = گزارش‌شده
moderation-desk-delete-message = پاک کردن پیام
moderation-desk-mute-for = محرومیت از گفتگو به مدت
moderation-desk-end-matches = پایان دادن به بازی‌هایش
moderation-desk-resolve = رسیدگی شد
moderation-desk-a-match = یک بازی
moderation-desk-no-reason = بی‌دلیل
moderation-desk-reported-player = { $reporter } { $player } را گزارش کرد: { $reason }
moderation-desk-reported-message = { $reporter } { $player } را برای پیامی در { $match } گزارش کرد: { $reason }
moderation-desk-comment = «{ $comment }»
moderation-desk-context = پیام‌های پیرامون آن
moderation-desk-no-report = گزارش رسیدگی‌نشده‌ای نیست.
moderation-desk-none-yet = هنوز هیچ
moderation-desk-link = نظارت

friends-follow = دنبال کردن
friends-unfollow = دنبال نکردن
friends-block = مسدود کردن
friends-unblock = رفع مسدودی
friends-follow-name = دنبال کردن { $name }
friends-unfollow-name = دنبال نکردن { $name }
friends-block-name = مسدود کردن { $name }
friends-unblock-name = رفع مسدودی { $name }
friends-online = آنلاین
friends-offline = آفلاین
friends-nobody = هیچ‌کس

relation-friends = شما دوست هستید
relation-you-follow = شما او را دنبال می‌کنید
relation-they-follow = او شما را دنبال می‌کند
relation-you-blocked = شما او را مسدود کرده‌اید
relation-they-blocked = او شما را مسدود کرده است
relation-this-player = این بازیکن
