"""Memory: four problems with different storage, lifetime and failure modes (see docs/memory.md).

- carryover: entities of earlier turns fill gaps in the current question (deterministic, no storage)
- summary:   old turns summarised as a view over the checkpointed history (never a deletion)
- notes:     long-term, per user and entity, with provenance and expiry; hints only, never sources
- context:   the ordered, budgeted assembly of what a model would read
- cache:     the two-band semantic answer cache with hard keys and a polarity guard
"""
