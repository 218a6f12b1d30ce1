eynsteyn-name = آینشتاین
