"""The searches over a feedback matrix: greedy trees, opener search, the human
scheme, openers shared by a whole list, the exact branch and bound, fixed
guesses, the clue helper and the player. They know the core only: no file
formats, no jobs, no set-up ids."""
