-- A turn asked without a conversation (`ara ask` with no --thread) is recorded on a thread of its own, marked as
-- a one-off so that lists can tell it from a conversation; every turn is traceable.
ALTER TABLE threads ADD COLUMN one_off boolean NOT NULL DEFAULT false;
