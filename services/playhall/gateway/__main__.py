from playhall.gateway.server import main

main()
