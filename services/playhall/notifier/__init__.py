"""The notifier process: `python -m playhall.notifier`."""
