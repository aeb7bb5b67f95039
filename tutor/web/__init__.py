"""Web plumbing under every feature: security headers and CSRF, compression, JSON logs,
error pages, /healthz, fingerprinted static files, shared settings. Imports only engine/."""
