"""Roboto's colours, shared by his figure, his race lamp and the Try me demo."""

METAL = (150, 166, 182)
METAL_DARK = (84, 98, 114)
EYE = (120, 220, 255)
