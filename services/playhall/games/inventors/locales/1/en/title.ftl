## Erfinderteam's name as players read it (lobby, match page, terminal client).

inventors-name = Erfinderteam (Legendary Inventors)
