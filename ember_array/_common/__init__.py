"""Functions written once over a namespace ``xp`` and bound per backend."""
