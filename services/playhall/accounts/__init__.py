"""Who calls: signed player tokens (`tokens.py`), the guest issuer (`guests.py`) and how a
display name is cleaned (`names.py`)."""
