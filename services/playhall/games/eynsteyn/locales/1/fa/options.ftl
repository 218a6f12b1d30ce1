## گزینه‌های ساختن بازی آینشتاین (engine.py، INFO.options)، با شرحشان: کلید eynsteyn-option-
## و نام گزینه است، با خط تیره به جای زیرخط.

eynsteyn-option-board-size = شمار خانه‌ها در هر ضلع صفحه
eynsteyn-option-auto-call = بازی برای هر بازیکنی که یک سنگ تا پیروزی فاصله دارد EYNSTEYN را اعلام می‌کند
