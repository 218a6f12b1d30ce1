## پاسخ‌های ردّ اینشتین (playhall.games.einstein): سخن قوانین با بازیکنی که حرکت را انجام داده،
## و سخن رمزگذار دربارهٔ پیامی که نمی‌پذیرد.

einstein-game-over = بازی تمام شده است: حرکت دیگری ممکن نیست
einstein-not-your-turn = نوبت شما نیست: اکنون جایگاه { $seat } ایده می‌گذارد
einstein-place-only = یک کاشی ایده بگذارید: این تنها حرکت ممکن است
einstein-no-such-tile = چنین کاشی ایده‌ای وجود ندارد

## گذاشتن ایده (قاعدهٔ ۷).

einstein-not-in-stock = ایده‌ای با این شکل و این الگو در ذخیرهٔ شما باقی نمانده است
einstein-first-in-centre = نخستین ایده در مرکز میز قرار می‌گیرد
einstein-overlap = این ایده روی ایده‌ای که قبلاً گذاشته شده می‌افتد
einstein-partial-edge = هر تماس باید یک لبهٔ کامل باشد، سر به سر با لبهٔ ایده‌ای که گذاشته شده
einstein-no-contact = ایده باید دست‌کم یک لبهٔ کامل مشترک با ایدهٔ بزرگ داشته باشد
einstein-no-line-match = دست‌کم یکی از لبه‌های مشترک باید از نظر تعداد خط‌ها جور باشد

## پیام‌هایی که رمزگذار نمی‌پذیرد.

einstein-empty-move = حرکت خالی است: یک ایده بگذارید
einstein-tile-owner-unknown = یک کاشی متعلق به جایگاه { $seat } است که در بازی نیست
einstein-stock-order = ذخیره هر رشته را یک بار و به ترتیب رشته‌ها می‌آورد
einstein-stock-range = ذخیره از هر الگو { NUMBER(0) } تا { $most } کاشی دارد
einstein-unknown-field = رشتهٔ ناشناخته { $value }
einstein-unknown-pattern = الگوی خطی ناشناخته { $value }
einstein-rotation-range = چرخش { NUMBER(0) } تا { NUMBER(9) } گام { NUMBER(36) } درجه‌ای است، نه { $value }
einstein-unknown-einstein = اینشتین ناشناخته { $value }
einstein-view-unknown-einstein = نما از اینشتینی ناشناخته نام می‌برد
einstein-view-inspiration-counts = شمار الهام‌ها در نما با هم جور درنمی‌آید
einstein-view-theory-counts = شمار نظریه‌ها در نما با هم جور درنمی‌آید

## وضعیتی که موتور بازی هرگز نمی‌ساخت.

einstein-inconsistent-tile = وضعیت ناسازگار است: کاشی { $tile } مطابق قوانین گذاشته نشده است
einstein-inconsistent-tiles = وضعیت ناسازگار است: کاشی‌ها بیش از دارایی اینشتین‌هاست
einstein-inconsistent-einstein-twice = وضعیت ناسازگار است: یک اینشتین دو بار بازی می‌کند
einstein-inconsistent-inspirations = وضعیت ناسازگار است: جایگاه { $seat } باید هر الهام اینشتینِ خود را دقیقاً یک بار داشته باشد
einstein-inconsistent-hand = وضعیت ناسازگار است: دست جایگاه { $seat } دستی مرتب با حداکثر { $most } کارت نیست
einstein-inconsistent-stock = وضعیت ناسازگار است: ذخیره و کاشی‌های گذاشته‌شدهٔ جایگاه { $seat } با هم جور درنمی‌آیند
einstein-inconsistent-theories = وضعیت ناسازگار است: هر نظریهٔ بزرگ باید دقیقاً یک بار بیاید
einstein-inconsistent-prestige = وضعیت ناسازگار است: { $tokens } نشان اعتبار وجود دارد
einstein-inconsistent-turn-counters = وضعیت ناسازگار است: شمارنده‌های نوبت خراب‌اند
einstein-inconsistent-placements = وضعیت ناسازگار است: هر جایگاه در هر نوبت حداکثر دو ایده می‌گذارد
einstein-inconsistent-completed = وضعیت ناسازگار است: الهام‌های تکمیل‌شده در این نوبت بیش از کل آن‌هاست
einstein-inconsistent-moves = وضعیت ناسازگار است: یک بازی حداکثر { $most } حرکت دارد
einstein-inconsistent-no-placement = وضعیت ناسازگار است: جایگاهی که نوبت اوست هیچ جای مجازی برای گذاشتن ندارد
