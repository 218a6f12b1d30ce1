## پاسخ‌های ردِ قوانین که همهٔ بازی‌ها در آن‌ها مشترک‌اند (playhall.core، سرویس قوانین).

rules-player-count = { $title } را { $min } تا { $max } نفر بازی می‌کنند، نه { $players } نفر
rules-unknown-option = گزینهٔ «{ $option }» برای { $title } وجود ندارد (گزینه‌ها: { $options })
rules-no-options = گزینهٔ «{ $option }» برای { $title } وجود ندارد ({ $title } هیچ گزینه‌ای ندارد)
rules-option-name-count = گزینهٔ «{ $option }» برای { $players } بازیکن { $wanted } نام می‌گیرد، نه { $given } نام
rules-option-not-bool = گزینهٔ «{ $option }» فقط روشن یا خاموش است (true یا false)
rules-option-not-whole = گزینهٔ «{ $option }» یک عدد صحیح می‌گیرد
rules-option-out-of-range = گزینهٔ «{ $option }» باید بین { $min } و { $max } باشد، نه { $value }
rules-option-not-names = گزینهٔ «{ $option }» فهرستی از نام‌ها می‌گیرد
rules-option-unknown-choice = گزینهٔ «{ $option }»: «{ $choice }» یکی از { $choices } نیست
rules-option-repeated-choice = گزینهٔ «{ $option }» یک انتخاب را دو بار آورده است
rules-option-no-value = گزینهٔ «{ $option }» مقداری ندارد
rules-seed-length = هر بازی به یک بذر (seed) از { $min } تا { $max } بایت نیاز دارد
rules-no-such-seat = جایگاه { $seat } وجود ندارد: جایگاه‌ها از { $first } تا { $last } هستند
rules-no-rules-version = وضعیت بازی نسخهٔ قوانین را مشخص نکرده است: این یک بازی ذخیره‌شده نیست
rules-incompatible-version = این بازی با قوانین «{ $found }» آغاز شده است؛ این سرویس قوانین «{ $plays }» را اجرا می‌کند و نمی‌تواند آن را ادامه دهد

## وضعیت بازی یا حرکتِ یک درخواست ($what: «state» یا «move»).

rules-message-missing =
    { $what ->
        [state] وضعیت بازی
       *[move] حرکت
    } فرستاده نشده است: یک { $expected } بفرستید
rules-message-foreign =
    { $what ->
        [state] وضعیت بازی
       *[move] حرکت
    } از نوع { $found } است، اما این بازی { $expected } می‌خواهد
rules-message-undecodable =
    { $what ->
        [state] وضعیت بازی
       *[move] حرکت
    } رمزگشایی نشد
rules-view-no-viewer = نما مشخص نکرده است که بیننده کیست
rules-viewer-missing = مشخص کنید نمای چه کسی را می‌خواهید: یک جایگاه یا تماشاگر
rules-spectator-false = اگر spectator تنظیم شود باید true باشد
rules-render-format = یک قالب نمایش انتخاب کنید: text (تنها قالب موجود)
