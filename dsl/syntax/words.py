"""The words of the language as the syntax error messages use them: an example of each
construct, readable names for terminals, and which keywords open what."""

from __future__ import annotations

# What a construct looks like when written correctly, keyed by the word that opens it.
EXAMPLES = {
    "game": 'game "Thirteens"',
    "source": 'source ru = "003_fb5af2f8794c5634.txt"',
    "players": "players 3..6",
    "cards": "cards {\n  deck standard + 2 jokers\n  order 2 3 4 5 6 7 8 9 10 J Q K A\n}",
    "deck": "deck 2 x standard + 4 jokers when player_count == 4",
    "order": "order 2 3 4 5 6 7 8 9 10 J Q K A",
    "value": "value meld: A=1 J=2 Q=3 K=4 2..10=face Joker=none",
    "zone": "zone hand per player seen by owner",
    "var": "var total: int per player = 0",
    "ambiguity": 'ambiguity name "question?" @ru:14 {\n  reading one "first reading"\n'
    '  reading two "second reading"\n  default one\n}',
    "reading": 'reading one "what this reading means"',
    "scoring": "scoring tricks {\n  pattern pair: 2 of a rank => 1\n}",
    "pattern": "pattern pair: 2 of a rank => 1",
    "when": "when card c is drawn into hand of p where c is red A {\n  total of p += 1\n}",
    "example": 'example "4 sevens score 28" @ru:23 {\n  expect scoring combos of [7 7 7 7] == 28\n}',
    "flow": "flow {\n  shuffle deck\n  deal evenly from deck to hand rest to stock\n}",
    "shuffle": "shuffle deck",
    "move": "move top 1 from stock to turned",
    "deal": "deal evenly from deck to hand rest to stock",
    "draw": "draw 1 from reserve to hand of p",
    "gather": "gather all into deck",
    "if": "if hand of p is empty {\n  points of p -= 3\n} else {\n  points of p += 1\n}",
    "repeat": "repeat {\n  ...\n} until max(total) >= 50",
    "while": "while not hand of leader is empty {\n  ...\n}",
    "for": "for each player p from left of dealer {\n  ...\n}",
    "trick": "trick {\n  lead leader\n  play from hand to table\n  follow suit == led else any\n"
    "  winner {\n    highest where suit == led\n  }\n  take into taken as group\n}",
    "chooses": "p chooses card c from hand of p where suit == led else any",
    "bids": "p bids bid from 10 to 500 step 10 or pass",
    "result": "result total",
    "winners": "winners highest",
    "lead": "lead left of dealer",
    "among": "among q where not hand of q is empty",
    "play": "play from hand to table\nplay for dummy from board by declarer",
    "follow": "follow suit == led else any",
    "winner": "winner {\n  if table has Joker: highest where suit == led\n  highest where suit == trump\n}",
    "tie": "tie first",
    "take": "take into taken as group",
    "expect": "expect size of hand of 0 == 10",
    "after": "after setup",
    "end": "end game",
    "gap": 'gap "the text does not say what happens now"',
    "leftover": "leftover => 1",
    "reusable": "reusable A",
    "default": "default one",
    "define": "define soft_total(Z) = sum points of Z + 10",
}

# Readable names for terminals that stand for a kind of text rather than one fixed word.
TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "SIGNED_INT": "a number",
    "STRING": 'a "quoted text"',
    "RANK": "a rank (A K Q J Joker)",
    "SUIT": "a suit (♠ ♥ ♦ ♣)",
    "COLOR": "a colour (red, black)",
    "ASSIGN_OP": "'=', '+=' or '-='",
    "COMP_OP": "a comparison (==, <, ...)",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'",
    "VISIBILITY": "owner, everyone or nobody",
    "WHICH": "highest or lowest",
    "TIE_RULE": "first, last or gap",
    "GROUPING": "disjoint or overlapping",
    "SPLITTING": "best or greedy",
    "EXTREME": "'with highest' or 'with lowest'",
    "$END": "the end of the file",
}

TOP_LEVEL_WORDS = (
    "game",
    "source",
    "players",
    "cards",
    "zone",
    "var",
    "ambiguity",
    "scoring",
    "when",
    "example",
    "define",
    "flow",
    "result",
    "winners",
    "individual",
)
STATEMENT_WORDS = (
    "shuffle",
    "move",
    "deal",
    "draw",
    "gather",
    "if",
    "repeat",
    "while",
    "for",
    "trick",
    "end",
    "gap",
    "expect",
)
# Blocks whose lines are statements: a broken line there may be replaced by `if true {`.
STATEMENT_BLOCKS = {"flow", "when", "example", "if", "else", "repeat", "while", "for"}
BLOCK_WORDS = {"cards", "scoring", "ambiguity", "flow", "trick", "winner", "example"}
CLAUSE_WORDS = {
    "pattern",
    "reading",
    "leftover",
    "reusable",
    "default",
    "lead",
    "among",
    "play",
    "follow",
    "tie",
    "take",
    "deck",
    "order",
    "value",
    "after",
    "lowest",
}
SUGGEST_CUTOFF = 0.7
# Terminals that are a choice of words: a misspelling of one of them gets a suggestion too.
WORD_CHOICES = {
    "VISIBILITY": ("owner", "everyone", "nobody"),
    "WHICH": ("highest", "lowest"),
    "TIE_RULE": ("first", "last", "gap"),
    "GROUPING": ("disjoint", "overlapping"),
    "SPLITTING": ("best", "greedy"),
    "COLOR": ("red", "black"),
}
