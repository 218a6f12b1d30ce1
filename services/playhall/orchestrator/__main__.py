from playhall.orchestrator.server import main

main()
