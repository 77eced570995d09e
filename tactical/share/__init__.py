"""What a device at the table may see, and the server that shows it (issue 25).

Qt-free, below the app: what the players may read at all (:mod:`.players`, the one
projection the TV, the phones and the players' prints ask), the views a phone's
link gets (:mod:`.view`), the art cut to what may be seen (:mod:`.art`), the
tokens' pictures sent only while in view (:mod:`.token_art`), the links and
their capability tokens (:mod:`.links`) and the aiohttp server running beside
Qt (:mod:`.server`), which assumes a hostile network (:mod:`.guard`,
:mod:`.http_guard`, :mod:`.frames`, :mod:`.quiet_log`; its caps are :mod:`.limits`).
"""
