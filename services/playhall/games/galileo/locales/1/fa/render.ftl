## نقشهٔ متنی گالیله گالیله (render.py): صفحهٔ بازی در برنامهٔ ترمینال و در لاگ‌ها.
## $seat شمارهٔ جایگاه است، $cards فهرست کارت‌ها، $colour نام یک رنگ (board.ftl)،
## $points امتیازی که در ستونش نشسته است.

galileo-render-seen-by-spectator = گالیله گالیله، از دید تماشاگر
galileo-render-seen-by-seat = گالیله گالیله، از دید جایگاه { $seat }
galileo-render-over = پایان بازی
galileo-render-picking = دور { $round }/{ $rounds }: انتخاب (در انتظار جایگاه‌های { $seats })
galileo-render-taking = دور { $round }/{ $rounds }: برداشتن به ترتیب { $order }، نوبت برداشتن جایگاه { $seat }
galileo-render-table = میز: { $cards }   (دسته { $deck })
galileo-render-seat = جایگاه { $seat }: { $points } امتیاز، { $experiments } آزمایش ({ $doubled } دو برابر)، دست { $hand }، انتخاب: { $pick }
galileo-render-picked = رو به پایین
galileo-render-hand = دست شما: { $cards }
galileo-render-own-pick = انتخاب شما: { $card }

## یک کارت، کوتاه: دانشمند یا آزمایش، سپس شماره‌اش.
galileo-render-scientist = دانشمند { $card } ({ $colour } { $power })
galileo-render-experiment = آزمایش { $card } ({ $colour } { $points } امتیاز)

## میان اقلام یک فهرست، و برای فهرست خالی.
galileo-render-separator = { "، " }
galileo-render-none = -
