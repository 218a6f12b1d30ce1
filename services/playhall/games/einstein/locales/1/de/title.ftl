## Der Name von Einstein, wie Spieler ihn lesen (Lobby, Partieseite, Terminal-Client).
## Das Spiel ist auf Deutsch nicht erschienen: Der Originaltitel bleibt.

einstein-name = Einstein: His Amazing Life and Incomparable Science
