## اعلان‌ها (playhall.notifications): صندوق اعلان‌ها، اعلان مرورگر (Web Push)، ایمیل و وب‌هوک.
## آرگومان‌ها برای خواننده نوشته شده می‌رسند: $game نام بازی، $others نام حریفان به‌صورت
## فهرست، $count شمار حریفان، $left یک مدت («۳ ساعت»)، $due_in مدتی از اکنون («۳ ساعت بعد»)،
## $due و $until تاریخ و ساعت، $before و $after و $change امتیازها.

notice-your-opponents = حریفان شما
notice-your-turn-title = نوبت شما در { $game }
notice-your-turn-body = { $others } منتظر حرکت شما { $count ->
        [0] هستند
        [one] است
       *[other] هستند
    }.
notice-your-turn-body-due = { $others } منتظر حرکت شما { $count ->
        [0] هستند
        [one] است
       *[other] هستند
    }. { $left } فرصت دارید.
notice-deadline-title = { $left } تا پایان مهلت در { $game }
notice-deadline-body = مهلت حرکت شما در برابر { $others } { $due_in } ({ $due }) به پایان می‌رسد.
notice-match-ended-title = { $game } در برابر { $others }: { $result ->
        [won] شما بردید
        [lost] شما باختید
       *[none] بدون برنده
    }
notice-match-ended-body = { $reason ->
        [game-over] بازی تمام شد.
        [resignation] یک بازیکن کناره گرفت.
        [timeout] وقت یک بازیکن تمام شد.
        [abandoned] مدتی طولانی کسی حرکتی نکرد.
       *[other] بازی پایان یافت.
    }
notice-match-ended-body-rated = { $reason ->
        [game-over] بازی تمام شد.
        [resignation] یک بازیکن کناره گرفت.
        [timeout] وقت یک بازیکن تمام شد.
        [abandoned] مدتی طولانی کسی حرکتی نکرد.
       *[other] بازی پایان یافت.
    } امتیاز شما: { $before } ← { $after } ({ $change }).
notice-you-left-title = شما بازی { $game } را ترک کردید
notice-seat-left-title = { $leaver } بازی { $game } را ترک کرد
notice-seat-left-body = یک ربات به جای این جایگاه بازی را ادامه می‌دهد.
notice-round-paired-title = بازی تورنمنت شما در { $game } آماده است
notice-ticket-matched-title = برای { $game } حریف پیدا شد
notice-you-play = شما با { $others } بازی می‌کنید.
notice-challenge-received-title = { $from } شما را به بازی { $game } دعوت کرده است
notice-challenge-received-body = یک بازی { $pace ->
        [turn-based] { $days ->
            [0] نوبتی
           *[other] نوبتی ({ $days } روز برای هر حرکت)
        }
       *[live] زنده
    }. تا { $until } آن را در چالش‌هایتان بپذیرید یا رد کنید.
notice-challenge-accepted-title = { $by } چالش شما را پذیرفت
notice-challenge-accepted-body = بازی { $game } شما آغاز شد.
notice-challenge-declined-title = { $by } چالش شما را رد کرد
notice-challenge-declined-body = { $game }: { $reason ->
        [too_fast] برایش بیش از حد سریع است
        [too_slow] برایش بیش از حد کند است
        [not_this_title] ترجیح می‌دهد بازی دیگری کند
        [later] الان نه، شاید بعداً
        [no_rated_games] فعلاً بازی امتیازی نمی‌کند
       *[other] دلیلی نگفت
    }.
notice-moderation-deleted-title = یک ناظر یکی از پیام‌های شما را حذف کرد
notice-moderation-muted-title = یک ناظر گفت‌وگوی شما را تا { $until } بست
notice-moderation-ended-title = یک ناظر حضور شما را در { $matches ->
        [one] یک بازی
       *[other] { $matches } بازی
    } به‌عنوان رهاشده پایان داد
notice-moderation-body = دلیل: { $reason }

## ایمیل (playhall.notifications.mail).

notice-mail-open = باز کردن بازی: { $link }
notice-mail-why = این نامه را دریافت می‌کنید چون این نشانی را برای اعلان‌ها به Playhall داده‌اید.
notice-mail-unsubscribe = دیگر نامه‌ای از Playhall نفرستید: { $link }
notice-mail-digest-subject = Playhall: { $count } اعلان
notice-mail-digest-heading = { $count } اعلان از Playhall:
notice-mail-confirm-subject = نشانی ایمیل خود را برای Playhall تأیید کنید
notice-mail-confirm-body =
    کسی، امیدواریم خود شما، از Playhall خواسته است اعلان‌های بازی‌هایش را به { $address } بفرستد.

    تأیید این نشانی: { $link }

    تا این نشانی تأیید نشود، Playhall چیز دیگری به آن نمی‌فرستد. اگر شما نبودید، این نامه را نادیده بگیرید.

## تنظیمات اعلان رد شد.

notice-language-unknown = Playhall به { $offered } سخن می‌گوید، نه «{ $language }»: یکی از آن‌ها را برگزینید، یا هیچ‌کدام را تا زبان مرورگر دنبال شود
