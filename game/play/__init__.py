"""A match as any front end sees it, without pygame: the :class:`Session` (the game, the seats,
the autosave) and the description of what each seat may do now (:mod:`game.play.choices`).

The pygame table, the narration, the tests and the phone page all ask here; none of them works
out an edition's decisions for itself. How each decision reads is registered in
:mod:`game.play.specs`; :mod:`game.play.choices` loads every registration (the house rules' and
each edition's ``voice`` module), so a description is complete wherever it is made. This
package imports nothing itself.
"""
