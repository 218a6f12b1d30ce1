"""The black-box conformance kit: `python -m playhall.conformance --target HOST:PORT` checks
any rules service against the RulesService contract over the wire (`docs/conformance.md`).
`target` is the service as the contract shows it, `playouts` the random games played through
it, `checks` the promises, `catalogues` the message catalogues its refusals are compared with,
`report` the table and the JSON."""
