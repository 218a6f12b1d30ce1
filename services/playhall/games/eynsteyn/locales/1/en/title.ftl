## The title's name as players read it.

eynsteyn-name = Eynsteyn
