## پاسخ‌های ردِ گالیله گالیله (قوانین galileo/1).

galileo-game-over = بازی تمام شده است: دیگر حرکتی پذیرفته نمی‌شود
galileo-already-picked = شما در این دور یک دانشمند انتخاب کرده‌اید؛ انتخاب قطعی است
galileo-pick-first = اکنون دانشمندها انتخاب می‌شوند: یک کارت دانشمند از دست خود انتخاب کنید
galileo-scientist-not-in-hand = این دانشمند در دست شما نیست: یکی از کارت‌های خودتان را انتخاب کنید
galileo-not-your-turn = نوبت شما نیست: اکنون جایگاه { $seat } یک آزمایش برمی‌دارد
galileo-take-instead = دانشمند شما رو شده است: به‌جای آن یک آزمایش بردارید
galileo-experiment-not-on-table = این آزمایش روی میز نیست: یکی از آزمایش‌های رو شدهٔ این دور را بردارید

## درخواست‌هایی که هیچ بازی ممکنی از گالیله را توصیف نمی‌کنند (از برنامه‌ها، نه از بازیکنان).

galileo-move-empty = حرکت خالی است: یک دانشمند انتخاب کنید یا یک آزمایش بردارید
galileo-unknown-phase = مرحلهٔ ناشناختهٔ { $phase }
galileo-view-cards-miscounted = تعداد کارت‌های این نما با هم جور درنمی‌آید
galileo-view-experiments-miscounted = تعداد آزمایش‌های این نما با هم جور درنمی‌آید
galileo-inconsistent-scientists = وضعیت بازی ناسازگار است: هر کارت دانشمند باید دقیقاً یک بار بیاید
galileo-inconsistent-experiments = وضعیت بازی ناسازگار است: هر کارت آزمایش باید دقیقاً یک بار بیاید
galileo-inconsistent-points = وضعیت بازی ناسازگار است: آزمایش { $experiment } نمی‌تواند { $points } امتیاز بدهد
galileo-inconsistent-seat-orders = وضعیت بازی ناسازگار است: ترتیب جایگاه‌ها به هم ریخته است
galileo-inconsistent-take-order = وضعیت بازی ناسازگار است: ترتیب برداشتن آزمایش‌ها به هم ریخته است
galileo-inconsistent-take-without-pick = وضعیت بازی ناسازگار است: جایگاهی بدون انتخاب دانشمند آزمایش برمی‌دارد
galileo-inconsistent-order-outside-take = وضعیت بازی ناسازگار است: ترتیب برداشتن بیرون از مرحلهٔ برداشتن
galileo-inconsistent-all-picked = وضعیت بازی ناسازگار است: مرحلهٔ انتخابی که همهٔ جایگاه‌ها در آن انتخاب کرده‌اند
galileo-inconsistent-empty-hand = وضعیت بازی ناسازگار است: جایگاهی باید با دست خالی انتخاب کند
galileo-inconsistent-round = وضعیت بازی ناسازگار است: بازی { $players } نفره دورهای { $first } تا { $last } را دارد
galileo-inconsistent-moves = وضعیت بازی ناسازگار است: بازی { $players } نفره حداکثر { $most } حرکت و گام دارد
galileo-inconsistent-cards-in-play = وضعیت بازی ناسازگار است: بازی تمام‌شده‌ای که هنوز کارت در جریان دارد
