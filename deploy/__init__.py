"""The deployment's generators: every title's manifests, Compose services and Prometheus files
(`titles.py`, `make deploy-titles`) and the prod overlay's PrometheusRules
(`prometheus_rules.py`, `make k8s-rules`)."""
