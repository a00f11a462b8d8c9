"""Wrappers for the game-playing libraries (OpenSpiel, PettingZoo, Gymnasium).

Each module imports its library at the top, so import the module you need
(`from dsl.integrations import openspiel`); `import dsl` imports none of them.  They come with
the optional extra `rl`: `pip install 'cardrules[rl]'`.
"""
