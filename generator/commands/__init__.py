"""One module per ``lingo-trees`` subcommand (see :mod:`generator.cli`)."""
