"""One module per revision, each naming the one before it."""
