## The title's name as players read it.

galileo-name = Galileo Galilei
