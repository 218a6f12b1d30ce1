## حرکت‌های آینشتاین (EYNSTEYN)، آن‌طور که برنامهٔ ترمینال فهرستشان می‌کند (codec.py،
## describe_move). ردیف‌ها و ستون‌ها از ۰ شمرده می‌شوند، همان‌طور که نقشهٔ متنی برچسبشان
## می‌زند؛ $stone شناسهٔ نوع سنگ است (straight، curve، junction، crossing، double-curve،
## blocker) که board.ftl نامش را دارد؛ $call برای اعلام EYNSTEYN برابر "yes" است.

eynsteyn-move-draw = برداشتن از دستهٔ { $stack }
eynsteyn-move-place = گذاشتن سنگ { eynsteyn-move-stone } با چرخش { $rotation } روی ردیف { $row }، ستون { $column }
eynsteyn-move-mark = نشان‌گذاری سنگ ردیف { $row }، ستون { $column }
eynsteyn-move-skip-mark = { eynsteyn-skip-mark }
eynsteyn-move-end-turn = برداشتن از دستهٔ { $stack }{ $call ->
    [yes] {""} و اعلام EYNSTEYN!
   *[no] {""}
}
eynsteyn-move-end-turn-no-stack = پایان نوبت: سنگی برای برداشتن نمانده{ $call ->
    [yes] {""}؛ اعلام EYNSTEYN!
   *[no] {""}
}
eynsteyn-move-pass = { eynsteyn-pass }
eynsteyn-move-stone = { $stone ->
    [straight] { eynsteyn-kind-straight }
    [curve] { eynsteyn-kind-curve }
    [junction] { eynsteyn-kind-junction }
    [crossing] { eynsteyn-kind-crossing }
    [double-curve] { eynsteyn-kind-double-curve }
    [blocker] { eynsteyn-kind-blocker }
   *[other] { eynsteyn-kind-unknown }
}
