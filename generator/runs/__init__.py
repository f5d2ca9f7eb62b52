"""The searches applied: per set-up, rule and letter, split into jobs that
:mod:`generator.runs.jobs` runs on local processes; the LINGO, exact,
Mastermind and Hangman builds write their trees through :mod:`generator.output`."""
