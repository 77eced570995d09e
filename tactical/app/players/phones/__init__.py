"""Phones at the table, the app's part (issue 25): the share dialog, the art decoder, the command.

What a device may see and the server live below the app in :mod:`tactical.share`;
here are only what needs Qt (decoding pictures, the GM's dialog) and the hook
that puts "Share with phones…" into the Player view menu (:mod:`.install`).
"""
