## پاسخ‌های ردِ آینشتاین (قوانین eynsteyn/1). $kind شناسهٔ نوع سنگ است.

eynsteyn-game-over = بازی تمام شده است: دیگر حرکتی پذیرفته نمی‌شود
eynsteyn-not-your-turn = نوبت شما نیست: اکنون نوبت جایگاه { $seat } است
eynsteyn-draw-from-stack = بازیکنان در حال برداشتن سنگ‌های دست خود هستند: از یک دسته سنگ بردارید
eynsteyn-no-such-stack = دستهٔ { $stack } وجود ندارد: دسته‌ها از { $first } تا { $last } هستند
eynsteyn-empty-stack-drawn = دستهٔ { $stack } خالی است: از دستهٔ دیگری بردارید
eynsteyn-place-first = اول یک سنگ از دست خود بگذارید
eynsteyn-no-such-stone = چنین سنگی وجود ندارد: یکی از سنگ‌های دست خود را بگذارید
eynsteyn-stone-not-in-hand =
    در دست شما { $kind ->
        [straight] سنگ مستقیم
        [curve] سنگ پیچ
        [junction] سنگ سه‌راهی
        [crossing] سنگ چهارراه
        [double_curve] سنگ پیچ دوتایی
       *[blocker] سنگ بن‌بست
    } نیست
eynsteyn-rotation-only-zero =
    { $kind ->
        [straight] سنگ مستقیم
        [curve] سنگ پیچ
        [junction] سنگ سه‌راهی
        [crossing] سنگ چهارراه
        [double_curve] سنگ پیچ دوتایی
       *[blocker] سنگ بن‌بست
    } با هر چرخشی یکسان است: چرخش { $rotation } را بدهید
eynsteyn-rotation-out-of-range =
    { $kind ->
        [straight] سنگ مستقیم
        [curve] سنگ پیچ
        [junction] سنگ سه‌راهی
        [crossing] سنگ چهارراه
        [double_curve] سنگ پیچ دوتایی
       *[blocker] سنگ بن‌بست
    } { $orientations } جهت دارد: چرخشی از { $first } تا { $last } ربع‌دور بدهید (چرخش بیشتر یکی از همین جهت‌ها را تکرار می‌کند)
eynsteyn-off-board = این خانه روی صفحه نیست
eynsteyn-square-taken = این خانه پر است
eynsteyn-preparation-adjacent = در مرحلهٔ آماده‌سازی هیچ سنگی نباید کنار سنگ دیگری قرار بگیرد (قطری اشکالی ندارد)
eynsteyn-may-not-pass = شما می‌توانید سنگی بگذارید، پس نمی‌توانید نوبت را واگذار کنید
eynsteyn-cover-final-stack = ستونی از چهار سنگ نهایی است: چیزی روی آن قرار نمی‌گیرد
eynsteyn-cover-marked = روی این سنگ نشانگر هست: نمی‌توان آن را پوشاند
eynsteyn-cover-edge = سنگ‌های لبهٔ صفحه هرگز پوشانده نمی‌شوند
eynsteyn-cover-unsurrounded = سنگی را فقط وقتی می‌توان پوشاند که هر چهار خانهٔ اطرافش پر باشد
eynsteyn-mark-or-skip = پیش از پایان نوبت، روی سنگی نشانگر بگذارید یا از گذاشتن آن بگذرید
eynsteyn-mark-empty-square = نشانگر روی سنگ گذاشته می‌شود: این خانه خالی است
eynsteyn-mark-marked = روی این سنگ از قبل نشانگر هست
eynsteyn-mark-final-stack = ستونی از چهار سنگ نهایی است: به نشانگر نیازی ندارد
eynsteyn-end-your-turn = نوبت خود را تمام کنید: یک سنگ بردارید و EYNSTEYN را اعلام کنید یا نکنید
eynsteyn-all-stacks-empty = همهٔ دسته‌ها خالی‌اند: نوبت را با دستهٔ { $stack } تمام کنید
eynsteyn-call-impossible = نمی‌توانید EYNSTEYN را اعلام کنید: هیچ سنگی در دست شما لبه‌هایتان را به هم وصل نمی‌کند
eynsteyn-call-automatic = اینجا بازی خودش برای شما EYNSTEYN را اعلام می‌کند: فقط یک سنگ با اتصال فاصله دارید
eynsteyn-win-refused-pass = برد شما پذیرفته نشد: نوبت شما می‌گذرد

## درخواست‌هایی که هیچ بازی ممکنی از آینشتاین را توصیف نمی‌کنند (از برنامه‌ها، نه از بازیکنان).

eynsteyn-move-empty = حرکت خالی است: سنگ بردارید، بگذارید، نشانگر بگذارید، از آن بگذرید، نوبت را تمام کنید یا واگذار کنید
eynsteyn-view-shape = نما به دو جایگاه و پنج دسته نیاز دارد
eynsteyn-board-size-range = هر ضلع صفحه { $min } تا { $max } خانه دارد، نه { $size }
eynsteyn-board-square-count = صفحه‌ای به اندازهٔ { $size } { $squares } خانه دارد
eynsteyn-board-height-range = در هر خانه { $least } تا { $most } سنگ قرار می‌گیرد
eynsteyn-board-lists-mismatch = ارتفاع‌ها، نوع‌ها و چرخش‌های صفحه با هم جور نیستند
eynsteyn-board-unknown-stone = سنگی روی صفحه نوع یا چرخشی دارد که وجود ندارد
eynsteyn-marker-off-board = خانهٔ ({ $row }، { $column }) نشانگر بیرون از صفحه است
eynsteyn-markers-shared-square = دو نشانگر روی یک خانه‌اند
eynsteyn-unknown-kind = نوع سنگ ناشناخته: { $kind }
eynsteyn-edges-unassigned = یک جایگاه باید شمال و جنوب را وصل کند و دیگری غرب و شرق را
eynsteyn-cell-off-board = خانهٔ ({ $row }، { $column }) بیرون از صفحه است
eynsteyn-unknown-phase = مرحلهٔ ناشناختهٔ { $phase }
eynsteyn-view-stones-excess = این نما بیشتر از سنگ‌های بازی سنگ نشان می‌دهد
eynsteyn-view-stones-miscounted = تعداد سنگ‌های این نما با هم جور درنمی‌آید
eynsteyn-inconsistent-stones = وضعیت بازی ناسازگار است: هر سنگ باید دقیقاً یک بار بیاید
eynsteyn-inconsistent-stacks = وضعیت بازی ناسازگار است: { $stacks } دستهٔ برداشت وجود دارد
eynsteyn-inconsistent-returned = وضعیت بازی ناسازگار است: تعداد سنگ‌های برگشتی یک دسته ناممکن است
eynsteyn-inconsistent-marker-owner = وضعیت بازی ناسازگار است: نشانگری به هیچ جایگاهی تعلق ندارد
eynsteyn-inconsistent-markers = وضعیت بازی ناسازگار است: جایگاه { $seat } باید در مجموع { $markers } نشانگر داشته باشد
eynsteyn-inconsistent-marker-on-empty = وضعیت بازی ناسازگار است: نشانگری روی خانهٔ خالی است
eynsteyn-inconsistent-seats = وضعیت بازی ناسازگار است: جایگاهِ صاحب نوبت یا بازیکن شروع‌کننده جایگاه معتبری نیست
eynsteyn-inconsistent-last-placed = وضعیت بازی ناسازگار است: آخرین سنگ گذاشته‌شده روی صفحه نیست
eynsteyn-inconsistent-passes = وضعیت بازی ناسازگار است: تعداد واگذاری‌های پیاپی بیش از حد است
eynsteyn-inconsistent-winner = وضعیت بازی ناسازگار است: برنده‌ای در حالی که بازی هنوز ادامه دارد
eynsteyn-inconsistent-moves = وضعیت بازی ناسازگار است: هر بازی حداکثر { $most } حرکت، گام و نوبت دارد
