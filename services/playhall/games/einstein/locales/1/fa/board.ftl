## صفحه و رویدادهای بازی اینشتین در پورتال (js/titles/einstein.js)، با واژه‌های قوانین فارسی
## (ایده، ایدهٔ بزرگ، الهام، نظریهٔ بزرگ، نشان اعتبار).

## رشته‌های علم (رنگ کاشی).
einstein-field-mathematics = ریاضیات
einstein-field-physics = فیزیک
einstein-field-philosophy = فلسفه
einstein-field-chemistry = شیمی

## چهار اینشتین، از جوان‌ترین تا پیرترین.
einstein-einstein-young = اینشتین جوان
einstein-einstein-prime = اینشتین در اوج
einstein-einstein-globetrotting = اینشتین جهانگرد
einstein-einstein-wise = اینشتین خردمند
einstein-einstein-unknown = اینشتین

## الگوی خط‌های کاشی‌ها، با حرفشان.
einstein-pattern-a = A
einstein-pattern-b = B

## بالای صفحه.
einstein-headline-over = پایان بازی
einstein-headline-place = { $player } ایدهٔ { $idea } از { $count } را می‌گذارد
einstein-headline-place-ending = { $player } ایدهٔ { $idea } از { $count } را می‌گذارد (پایان نزدیک است)

## گذاشتن کاشی، گام به گام. $pattern الگوی کاشی است (A یا B).
einstein-step-piece = گام { NUMBER(1) } از { NUMBER(3) }: یک کاشی از ذخیره‌ات انتخاب کن
einstein-step-edge = گام { NUMBER(2) } از { NUMBER(3) }: یک دایرهٔ نارنجی (یک ضلع) انتخاب کن
einstein-step-ghost = گام { NUMBER(3) } از { NUMBER(3) }: کاشی خط‌چین را انتخاب کن
einstein-step-ghost-turn = گام { NUMBER(3) } از { NUMBER(3) }: کاشی خط‌چین را انتخاب کن (یا بچرخانش)
einstein-next-orientation = جهت بعدی را امتحان کن
einstein-turn-it = چرخاندن ({ $index } از { $count })
einstein-pan-left = نگاه به چپ‌ترِ ایدهٔ بزرگ
einstein-pan-up = نگاه به بالاترِ ایدهٔ بزرگ
einstein-pan-down = نگاه به پایین‌ترِ ایدهٔ بزرگ
einstein-pan-right = نگاه به راست‌ترِ ایدهٔ بزرگ
einstein-zoomed = بزرگ‌نمایی: { $shown } از { $total } ضلع اینجا
einstein-lay-against = گذاشتن کنار ضلع { $edge } از کاشی { $tile }
einstein-place-here = کاشی { $field } را اینجا بگذار (الگوی { $pattern })
einstein-choose-piece = انتخاب کاشی { $field }، الگوی { $pattern } ({ $count } مانده)

## صفحه.
einstein-board = صفحهٔ اینشتین
einstein-area-big-idea = ایدهٔ بزرگ: { $count } کاشی
einstein-tile = { $field } { $pattern } از { $player }
einstein-tile-just-placed = (تازه گذاشته شده)
einstein-tile-in-shape = (در الهامی که تازه کامل شد)
einstein-tile-completed = (بخشی از الهام کامل‌شدهٔ { $inspiration })
einstein-no-tile-yet = هنوز کاشی‌ای نیست: اولی در مرکز گذاشته می‌شود
einstein-area-players = بازیکنان: امتیازها، و کاشی‌هایی که هر کدام دارد
einstein-seat-name = { $player } · { $einstein }
einstein-seat-facts = { $points } امتیاز · { $prestige } اعتبار · { $inspirations } الهام · { $theories } نظریه · دست { $hand }
einstein-chip = { $pattern } ×{ $count }
einstein-stock-of = { $player }: { $count } کاشی { $field } با الگوی { $pattern }
einstein-area-theories = نظریه‌های بزرگ رو (دسته { $deck }، نشان اعتبار مانده { $prestige })
einstein-area-inspirations = الهام‌های تو: شکلشان را در ایدهٔ بزرگ بساز
einstein-cards-none = هیچ
einstein-explain-inspiration = الهام { $card }، { $stars } ستاره: وقتی کامل می‌شود که ایده‌ای که می‌گذاری این شکل از کاشی‌های { $fields } را در ایدهٔ بزرگ بسازد (با هر چرخشی، هرگز وارونه)
einstein-explain-theory = نظریهٔ بزرگ { $card }، { $stars } ستاره: از آنِ تو می‌شود وقتی ایده‌ای که می‌گذاری این را برآورد: { $requirement }
einstein-explain-completed = الهام کامل‌شدهٔ { $card }، { $stars } ستاره: { $fields }

## جدول امتیاز پایان بازی.
einstein-score-inspirations = الهام‌ها ★
einstein-score-theories = نظریه‌ها ★
einstein-score-prestige = اعتبار
einstein-score-total = جمع
einstein-score-note = در تساوی، پیرترین اینشتین میان مساوی‌ها برنده است.

## رویدادهای بازی. $stars ستاره‌های کارت است (★★).
einstein-log-idea-placed = { $player } یک کاشی { $field } گذاشت (الگوی { $pattern })
einstein-log-inspiration-completed = { $player } الهام { $card } را کامل کرد ({ $stars })
einstein-log-theory-claimed = { $player } نظریهٔ بزرگ { $card } را گرفت ({ $stars })
einstein-log-end-triggered = { $player } پایان بازی را آغاز کرد
einstein-log-turn-ended = { $player } نوبتش را تمام کرد
einstein-log-inspirations-drawn = { $player } الهام برداشت
einstein-log-theories-revealed = نظریه‌های بزرگ رو شدند: { $theories }
einstein-log-game-ended = پایان بازی: امتیازها { $scores }
einstein-log-unknown = اتفاقی افتاد

## شرط‌های نظریه‌های بزرگ، به شماره.
einstein-requirement-1 = { NUMBER(4) } رشته به هم وصل
einstein-requirement-2 = الهام با { NUMBER(1) } ایدهٔ خودی
einstein-requirement-3 = { NUMBER(2) } الهام در یک نوبت
einstein-requirement-4 = کنار هر { NUMBER(3) } رشتهٔ دیگر
einstein-requirement-5 = { NUMBER(3) }+ ضلع، همه جفت درست
einstein-requirement-6 = کنار { NUMBER(4) }+ ایده
einstein-requirement-7 = الهام فقط از ایده‌های خودی
einstein-requirement-8 = الهام بیشتر از ایده‌های دیگران
einstein-requirement-9 = { NUMBER(5) } ایدهٔ خودی به هم وصل
einstein-requirement-10 = جفت درست با { NUMBER(2) }+ ایدهٔ دیگران

## نام کارت‌ها، به شماره (cards.json).
einstein-inspiration-1 = هدیهٔ قطب‌نما
einstein-inspiration-2 = دبیرستان لوئیتپولد
einstein-inspiration-3 = مدرسهٔ آرائو
einstein-inspiration-4 = پلی‌تکنیک زوریخ
einstein-inspiration-5 = در پی پرتو نور
einstein-inspiration-6 = میلوا ماریچ
einstein-inspiration-7 = آکادمی المپیا
einstein-inspiration-8 = ادارهٔ ثبت اختراع
einstein-inspiration-9 = حرکت براونی
einstein-inspiration-10 = چالش ریاضی
einstein-inspiration-11 = شادترین فکر
einstein-inspiration-12 = مارسل گروسمان
einstein-inspiration-13 = آکادمی پروس
einstein-inspiration-14 = هم‌ارزی جرم و انرژی
einstein-inspiration-15 = معادلات میدان
einstein-inspiration-16 = حضیض عطارد
einstein-inspiration-17 = آمار بوز-اینشتین
einstein-inspiration-18 = سفر اکتشافی ادینگتون
einstein-inspiration-19 = جایزهٔ نوبل
einstein-inspiration-20 = مناظره‌های سولوی
einstein-inspiration-21 = سفر به ژاپن
einstein-inspiration-22 = سخنرانی در پاریس
einstein-inspiration-23 = خانهٔ تابستانی کاپوت
einstein-inspiration-24 = قایقرانی روی هافل
einstein-inspiration-25 = دانشگاه عبری
einstein-inspiration-26 = ورود به پرینستون
einstein-inspiration-27 = همگرایی گرانشی
einstein-inspiration-28 = مؤسسهٔ مطالعات پیشرفته
einstein-inspiration-29 = نامه به روزولت
einstein-inspiration-30 = سخنرانی کیوتو
einstein-inspiration-31 = ویولن و موتسارت
einstein-inspiration-32 = خیابان مرسر
einstein-inspiration-33 = قدم زدن با گودل
einstein-inspiration-34 = پارادوکس EPR
einstein-inspiration-35 = یخچال اینشتین-زیلارد
einstein-inspiration-36 = پل اینشتین-روزن
einstein-inspiration-37 = ثابت کیهان‌شناختی
einstein-inspiration-38 = بیانیهٔ راسل-اینشتین
einstein-inspiration-39 = ردّ ریاست‌جمهوری اسرائیل
einstein-inspiration-40 = خدا تاس نمی‌اندازد
einstein-theory-1 = چالش‌های مکانیک کوانتومی
einstein-theory-2 = نابغهٔ تنها
einstein-theory-3 = سال شگفت‌انگیز
einstein-theory-4 = میدان یکپارچه
einstein-theory-5 = جفت‌وجورِ کامل
einstein-theory-6 = ذهن شلوغ
einstein-theory-7 = کار انفرادی
einstein-theory-8 = درخشش قرضی
einstein-theory-9 = تمرکز عمیق
einstein-theory-10 = اثر فوتوالکتریک
