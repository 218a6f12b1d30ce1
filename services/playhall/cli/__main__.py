from playhall.cli.app import main

main()
