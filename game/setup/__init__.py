"""What a match is set up from, for every front end and tool (no pygame).

- ``options``      editions, player counts, bots and their checked command-line arguments
- ``house_rules``  every house rule's face: name, one-line explanation, help, the editions it fits
- ``bot_specs``    which AI plays each seat, and at which level
- ``names``        every name cleaned the same way; players' ids
"""
