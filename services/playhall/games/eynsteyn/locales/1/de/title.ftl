eynsteyn-name = Eynsteyn
