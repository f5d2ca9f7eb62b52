"""The game engine: the vocabulary (Word, Letter, Pattern), feedback and its
kinds, game rules, the catalog of word lists and set-ups, trees as plain data,
partitions and the heuristics on them, and the verifier. Imports nothing
above it."""
