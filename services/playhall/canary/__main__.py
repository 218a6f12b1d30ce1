"""`python -m playhall.canary --rules HOST:PORT`: see `playhall.canary.cli`."""

from playhall.canary.cli import main

main()
