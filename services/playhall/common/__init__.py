"""What every Playhall process shares: settings, logging, metrics, the gRPC server bootstrap,
the typed refusals every room raises (`errors.py`) and background passes (`passes.py`)."""
