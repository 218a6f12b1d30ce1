from playhall.rules_service.server import main

main()
