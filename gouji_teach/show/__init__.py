"""Text and pictures: the message catalogue in Chinese and English (:mod:`~gouji_teach.show.i18n`), the element
builder that escapes every text (:mod:`~gouji_teach.show.markup`) and the SVG/HTML pictures of cards, hands,
plays, the table, a round and tribute (:mod:`~gouji_teach.show.pictures`). Built on :mod:`gouji_teach.rules`,
without Jupyter.
"""
