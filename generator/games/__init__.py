"""The games beside LINGO on the same engine: Mastermind and Bulls and Cows
(codes and pegs), Hangman (letters and masks)."""
