## پاسخ‌های ردّ تیم مخترعان (playhall.games.inventors): سخن قوانین با بازیکنی که حرکت را انجام
## داده، و سخن رمزگذار دربارهٔ پیامی که نمی‌پذیرد.

inventors-game-over = بازی تمام شده است: حرکت دیگری ممکن نیست
inventors-not-your-turn = نوبت شما نیست: اکنون نوبت جایگاه { $seat } است

## کنش اصلی (فرستادن مخترع به کار، فعال کردن دوباره، گذشتن) و پایان نوبت.

inventors-main-action-taken = کنش اصلی خود را انجام داده‌اید: یک کاشی به کار ببرید یا نوبتتان را تمام کنید
inventors-nothing-to-refresh = همهٔ مخترعان شما فعال‌اند: چیزی برای فعال کردن دوباره نیست
inventors-pass-not-allowed = هنوز می‌توانید مخترعی را به کار بفرستید یا تیم را دوباره فعال کنید: گذشتن از نوبت مجاز نیست
inventors-main-action-first = پیش از پایان دادن به نوبت، کنش اصلی خود (فرستادن به کار یا فعال کردن دوباره) را انجام دهید
inventors-your-turn-choices = نوبت شماست: مخترعی را به کار بفرستید، تیم را دوباره فعال کنید یا یک کاشی به کار ببرید
inventors-which-inventor = یکی از { $count } مخترع تیم خود را انتخاب کنید
inventors-inventor-tired = این مخترع قبلاً کار کرده است: نخست تیم خود را دوباره فعال کنید
inventors-invention-not-on-table = اختراع «{ $invention ->
        [1] آتش
        [2] چراغ روغنی
        [3] تیر و کمان
        [4] تبر سنگی
        [5] قایق کانو
        [6] چرخ
        [7] علامت دودی
        [8] پاپیروس
        [9] فلوت
        [10] تاس
        [11] ساعت آفتابی
        [12] ساعت آبی
        [13] کمان زنبورکی
        [14] تپانچه
        [15] بالن هوای گرم
        [16] کاراول
        [17] دستگاه چاپ
        [18] تلگراف نوری
        [19] آتش‌بازی
        [20] پیانو
        [21] ساعت شنی
        [22] ساعت مکانیکی
        [23] برق‌گیر
        [24] پیل ولتا
        [25] مسلسل گاتلینگ
        [26] هفت‌تیر
        [27] خودرو
        [28] زپلین
        [29] تلفن
        [30] رادیو
        [31] عکاسی
        [32] سینما
        [33] ساعت جیبی
        [34] کرونومتر
        [35] لامپ
        [36] دینام
       *[other] { $invention }
    }» اکنون روی میز نیست: روی یکی از اختراع‌های روی میز کار کنید
inventors-choose-an-invention = یکی از اختراع‌های روی میز را برای کار انتخاب کنید
inventors-no-cubes = همهٔ مکعب‌های شما روی اختراع‌ها هستند: تا برخی برنگردند نمی‌توانید کار کنید
inventors-no-genius = کاشی نابغه ندارید
inventors-genius-fields = دو مکعب اضافهٔ کاشی نابغه روی خانه‌هایی از این اختراع می‌روند که پس از مکعب‌های خود مخترع هنوز خالی‌اند
inventors-knowledge-fits-nothing = دانش این مخترع با هیچ خانهٔ خالی این اختراع جور نیست

## کنش‌های آزاد: قهوه و ارتقا.

inventors-no-coffee = کاشی قهوه ندارید
inventors-coffee-useless = همهٔ مخترعان شما از قبل فعال‌اند: قهوه کاری انجام نمی‌دهد
inventors-upgrade-or-done = یک کاشی را برای ارتقا به کار ببرید، یا بگویید که کارتان تمام است
inventors-tile-not-held = این کاشی را ندارید
inventors-upgrade-which-inventor = یکی از { $count } مخترع تیم خود را برای ارتقا انتخاب کنید
inventors-name-a-discipline = یک رشته را نام ببرید: فیزیک، شیمی، مکانیک یا ریاضیات
inventors-back-raises-zero = پشت کاشی فقط از { NUMBER(0) } به { NUMBER(1) } ارتقا می‌دهد؛ { $discipline ->
        [physics] فیزیک
        [chemistry] شیمی
        [mechanics] مکانیک
       *[mathematics] ریاضیات
    } در { $value } است
inventors-back-only = فقط کاشی ارتقا به اندازهٔ عددش ارتقا می‌دهد؛ از پشت آن استفاده کنید
inventors-upgrade-raises-one = کاشی ارتقای { $target } فقط از { $below } به { $target } ارتقا می‌دهد؛ { $discipline ->
        [physics] فیزیک
        [chemistry] شیمی
        [mechanics] مکانیک
       *[mathematics] ریاضیات
    } در { $value } است

## پاداش‌های اختراعی که تمام شده.

inventors-no-reward = پاداشی برای انتخاب وجود ندارد
inventors-choose-a-reward = یکی از پاداش‌های باقی‌مانده را انتخاب کنید: حق اختراع یا یکی از کاشی‌های آن

## پیام‌هایی که رمزگذار نمی‌پذیرد.

inventors-empty-move = حرکت خالی است: به کار بفرستید، دوباره فعال کنید، کاشی به کار ببرید یا پاداشی انتخاب کنید
inventors-genius-disciplines = کاشی نابغه حداکثر دو رشته را، به ترتیب، نام می‌برد
inventors-unknown-phase = مرحلهٔ ناشناخته { $value }
inventors-unknown-tile = کاشی ناشناخته { $value }
inventors-unknown-discipline = رشتهٔ ناشناخته { $value }
inventors-unknown-team = تیم ناشناخته { $value }
inventors-decks = وضعیت باید { $ages } دستهٔ اختراع داشته باشد
inventors-view-invention-counts = شمار اختراع‌ها در نما با هم جور درنمی‌آید
inventors-view-tile-counts = شمار کاشی‌ها در نما با هم جور درنمی‌آید

## وضعیتی که موتور بازی هرگز نمی‌ساخت.

inventors-inconsistent-knowledge-size = وضعیت ناسازگار است: هر تیم { $inventors } مخترع با { $disciplines } رشته دارد
inventors-inconsistent-knowledge-range = وضعیت ناسازگار است: دانش از { NUMBER(0) } تا { $most } است
inventors-inconsistent-team-size = وضعیت ناسازگار است: هر تیم { $inventors } مخترع دارد
inventors-inconsistent-team-twice = وضعیت ناسازگار است: دو جایگاه با یک تیم بازی می‌کنند
inventors-inconsistent-table-age = وضعیت ناسازگار است: اختراع { $invention } روی میز از عصر { $age } نیست
inventors-inconsistent-invention-tiles = وضعیت ناسازگار است: هر اختراع حداکثر دو کاشی مرتب دارد
inventors-inconsistent-invention-cubes = وضعیت ناسازگار است: اختراع { $invention } مکعب‌هایی دارد که خانه‌ای برایشان ندارد
inventors-inconsistent-invention-full = وضعیت ناسازگار است: اختراع { $invention } پر است اما تمام نشده
inventors-inconsistent-cubes = وضعیت ناسازگار است: یک جایگاه بیش از { $cubes } مکعب روی اختراع‌ها دارد
inventors-inconsistent-held-order = وضعیت ناسازگار است: کاشی‌های در دست مرتب نگه داشته می‌شوند
inventors-inconsistent-spent-order = وضعیت ناسازگار است: کاشی‌های مصرف‌شده مرتب نگه داشته می‌شوند
inventors-inconsistent-moves = وضعیت ناسازگار است: یک بازی حداکثر { $most } حرکت، گام و نوبت دارد
inventors-inconsistent-inventions = وضعیت ناسازگار است: هر اختراع باید دقیقاً یک بار بیاید
inventors-inconsistent-deck-age = وضعیت ناسازگار است: دستهٔ عصر { $age } اختراعی از عصر دیگر دارد
inventors-inconsistent-ages = وضعیت ناسازگار است: عصرها از { NUMBER(1) } تا { $ages } هستند
inventors-inconsistent-deck-whole = وضعیت ناسازگار است: دستهٔ عصر { $age } کامل نیست
inventors-inconsistent-tiles = وضعیت ناسازگار است: هر کاشی پاداش باید دقیقاً یک بار بیاید
inventors-inconsistent-seat-to-move = وضعیت ناسازگار است: جایگاهی که نوبت اوست در بازی نیست
inventors-inconsistent-passes = وضعیت ناسازگار است: حداکثر { $most } جایگاه می‌توانند پشت سر هم از نوبت گذشته باشند
inventors-inconsistent-reward-phase = وضعیت ناسازگار است: پاداش‌ها دقیقاً در مرحلهٔ پاداش انتخاب می‌شوند
inventors-inconsistent-reward-choice = وضعیت ناسازگار است: انتخاب پاداش به دو نوع پاداش باقی‌مانده نیاز دارد
inventors-inconsistent-reward-order = وضعیت ناسازگار است: ترتیب پاداش‌ها خراب است
inventors-inconsistent-reward-seat = وضعیت ناسازگار است: جایگاهی بیرون از بازی پاداش انتخاب می‌کند
inventors-inconsistent-final-order = وضعیت ناسازگار است: ترتیب ارتقاهای پایانی خراب است
inventors-inconsistent-final-seat = وضعیت ناسازگار است: جایگاهی بدون ارتقای ممکن، ارتقای پایانی انجام می‌دهد
inventors-inconsistent-final-phase = وضعیت ناسازگار است: ترتیب ارتقاهای پایانی بیرون از ارتقاهای پایانی
inventors-inconsistent-final-age = وضعیت ناسازگار است: ارتقاهای پایانی و پایان بازی پس از عصر III و بدون اختراع باقی‌مانده می‌آیند
inventors-inconsistent-age-over = وضعیت ناسازگار است: عصری که فقط یک اختراع ناتمام در آن مانده، تمام شده است
