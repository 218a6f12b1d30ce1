## Der Name von Erfinderteam, wie Spieler ihn lesen (Lobby, Partieseite, Terminal-Client).

inventors-name = Erfinderteam
