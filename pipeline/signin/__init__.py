"""Sign-in (`auth`): password sessions, the identity provider's user and the anonymous local user, turned into the
`core.access.Principal` every store checks.

This package may import `pipeline.core`, the settings and `pipeline.stores` (the users store, whose SQL it never
writes itself); the app's sign-in component and the `ara users` commands call it, and no stage imports it."""
