## Ablehnungen der Partieverwaltung (playhall.common.errors).

rules-service-unavailable = Der Regeldienst für { $title } ist nicht erreichbar; es wurde nichts geändert, bitte versuche es noch einmal
