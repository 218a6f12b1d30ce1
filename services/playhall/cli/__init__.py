"""`playhall`, the terminal client: plays, watches and rates matches through a Playhall
gateway, as the portal does, over Connect (`playhall --help`)."""
