"""Discord surface: slash commands, autocomplete and buttons, translated into service calls."""
