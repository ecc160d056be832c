"""Drawing and input helpers shared by every scene (pygame lives here and in scenes only)."""
