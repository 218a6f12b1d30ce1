galileo-name = Galileo Galilei
