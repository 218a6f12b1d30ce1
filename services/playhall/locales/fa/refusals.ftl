## پاسخ‌های ردّ مدیریت بازی (playhall.common.errors).

rules-service-unavailable = سرویس قوانین { $title } در دسترس نیست؛ چیزی تغییر نکرد، دوباره تلاش کنید
