## The portal's chrome on every page: the language runtime (js/i18n.js), the Connect client
## (js/connect.js) and the header's account corner (js/account.js).

# This language's name, in itself (the picker's option, languages.json's "names").
portal-language-name = فارسی
portal-language-picker = زبان

portal-unreachable = دسترسی به سرور ممکن نیست: { $reason }
portal-stream-dropped = ارتباط قطع شد
portal-stream-unfinished = ارتباط بی‌آنکه کامل شود پایان یافت
portal-http-status = HTTP { $status }

account-nav =
    .aria-label = حساب کاربری
account-leaderboards = جدول‌های رده‌بندی
account-tournaments = تورنمنت‌ها
account-api = API
account-friends = دوستان
account-profile = بازی‌ها و نمایهٔ من
account-signed-in-as = وارد شده با نام <strong data-l10n-name="name">{ $name }</strong>
account-sign-out = خروج
account-sign-in = ورود
account-guest-name =
    .placeholder = نام شما
    .aria-label = نام شما به‌عنوان مهمان
account-guest-sign-in = ورود به‌عنوان مهمان
