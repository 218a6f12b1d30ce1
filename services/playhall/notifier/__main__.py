from playhall.notifier.server import main

main()
