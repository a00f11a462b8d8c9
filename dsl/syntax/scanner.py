"""Lark's contextual lexer, without one regular expression compiled per parser state.

Lark's contextual lexer reads, in each parser state, only the terminals that state accepts: it
builds one lexer per distinct set of terminals, and each lexer compiles an alternation of all its
terminals, in a fixed order, the first time it is used. A rule file meets about a hundred such
sets, and compiling them was most of the first parse (about 0.17 s of processor time in a fresh
process). This lexer gives the same tokens, the same types and the same errors without them:

- the root lexer's alternation (every terminal but the keywords a regex terminal of the grammar
  reads, 30 of 166 terminals) is compiled once. At a position, its first match is the first of
  its terminals, in Lark's order, that matches; every terminal before it in that order did not;
- so when the state accepts that terminal, it is the state's token, unless one of the state's
  keywords that the root leaves out (a keyword some regex terminal reads, but none of this
  state's) comes before it in the order and matches: those few are tried first, one by one;
- when the state does not accept it, the state's left-out keywords and its terminals after it in
  the order are tried one by one, each its own small expression (compiled once for all states),
  and the first that matches is the token, as in the state's own alternation;
- a keyword that a regex terminal of the state also reads (`deck` is a NAME too) is, as in Lark,
  scanned as that terminal and given back its type after the match (a dictionary look-up for
  plain keywords); which terminal reads which keyword is worked out once for all states.

Lark's classes are kept and only these parts replaced, through its `_plugins` option; the
parser's tests compare this lexer token by token with Lark's own (`tests/test_scanner.py`)."""

from __future__ import annotations

from copy import copy

from lark.lexer import BasicLexer, CallChain, ContextualLexer, PatternRE, PatternStr, Scanner, _regexp_has_newline


class SharedTerminals:
    """What the lexers of every state share: the order of all terminals, the root lexer's
    alternation, each terminal's own expression, and which regex terminal reads which keyword."""

    def __init__(self, conf) -> None:
        self._conf = conf
        ordered = sorted(conf.terminals, key=_lark_order)
        self.rank = {t.name: i for i, t in enumerate(ordered)}
        self._ordered = ordered
        self.newline_types = frozenset(t.name for t in ordered if _regexp_has_newline(t.pattern.to_regexp()))
        self._alone: dict = {}
        self._keywords_read: dict[str, list] = {}
        self._first: Scanner | None = None
        self._left_out: frozenset[str] = frozenset()

    def _root_scanner(self) -> Scanner:
        if self._first is None:
            conf = self._conf
            scanned, _ = _keyword_types(self._ordered, self)
            self._left_out = frozenset(t.name for t in self._ordered) - {t.name for t in scanned}
            self._first = Scanner(scanned, conf.g_regex_flags, conf.re_module, conf.use_bytes)
        return self._first

    def first_match(self, text, pos):
        """(text, terminal name) of the first terminal of the root lexer's alternation (every
        terminal but the keywords some regex terminal reads) that matches at pos, or None."""
        return self._root_scanner().match(text, pos)

    def left_out(self) -> frozenset[str]:
        """The keywords the root lexer's alternation leaves out (its regex terminals read them)."""
        self._root_scanner()
        return self._left_out

    def alone(self, terminal):
        """The terminal's own compiled expression."""
        found = self._alone.get(terminal.name)
        if found is None:
            conf = self._conf
            pattern = terminal.pattern.to_regexp()
            if conf.use_bytes:
                pattern = pattern.encode("latin-1")
            found = self._alone[terminal.name] = conf.re_module.compile(pattern, conf.g_regex_flags)
        return found

    def is_plain(self, keyword) -> bool:
        """A keyword that matches exactly its own text (no flags on it nor on the grammar)."""
        conf = self._conf
        return not keyword.pattern.flags and not conf.g_regex_flags and not conf.use_bytes

    def keywords_read(self, regex_terminal) -> list:
        """The keywords of its priority that the regex terminal matches whole, in Lark's order."""
        found = self._keywords_read.get(regex_terminal.name)
        if found is None:
            conf = self._conf
            expression = regex_terminal.pattern.to_regexp()
            found = []
            for keyword in self._ordered:
                if isinstance(keyword.pattern, PatternStr) and keyword.priority == regex_terminal.priority:
                    text = keyword.pattern.value
                    matched = conf.re_module.match(expression, text, conf.g_regex_flags)
                    if matched is not None and matched.group(0) == text:
                        found.append(keyword)
            self._keywords_read[regex_terminal.name] = found
        return found


def _lark_order(terminal):
    # The order of lark.lexer.BasicLexer: higher priority, then longer possible match, first.
    return (-terminal.priority, -terminal.pattern.max_width, -len(terminal.pattern.value), terminal.name)


class KeywordType:
    """A regex terminal's callback: a match that is exactly a keyword the state accepts takes the
    keyword's type (Lark's UnlessCallback: the first keyword, in order, that matches it whole)."""

    def __init__(self, keywords: list, shared: SharedTerminals) -> None:
        self._by_text: dict[str, str] | None = None
        self._in_order: list = []
        if all(shared.is_plain(k) for k in keywords):
            self._by_text = {}
            for k in keywords:
                self._by_text.setdefault(k.pattern.value, k.name)
        else:
            self._in_order = [(k.name, shared.alone(k).fullmatch) for k in keywords]

    def __call__(self, token):
        if self._by_text is not None:
            token.type = self._by_text.get(token.value, token.type)
            return token
        for name, is_whole in self._in_order:
            if is_whole(token.value):
                token.type = name
                break
        return token


class StateScanner:
    """One state's terminals, in Lark's order: its first that matches at a position.

    The root lexer's alternation says which of its terminals matches first. The state's own
    terminals it leaves out (keywords that a regex terminal of the grammar reads, but none of
    this state) and, when the state does not take that first match, the state's terminals after
    it, are tried one by one, in order."""

    def __init__(self, terminals: list, shared: SharedTerminals) -> None:
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._shared = shared
        self._own = shared.left_out() & self.allowed_types  # the state's terminals the root leaves out
        self._before: dict[str, list] = {}
        self._instead: dict[str | None, list] = {}

    def _tried_before(self, name: str) -> list:
        found = self._before.get(name)
        if found is None:
            rank = self._shared.rank
            found = [t for t in self.terminals if t.name in self._own and rank[t.name] < rank[name]]
            self._before[name] = found
        return found

    def _tried_instead(self, name: str | None) -> list:
        found = self._instead.get(name)
        if found is None:
            rank = self._shared.rank
            after = rank[name] if name is not None else len(rank)
            found = [t for t in self.terminals if t.name in self._own or rank[t.name] > after]
            self._instead[name] = found
        return found

    def _first_alone(self, terminals: list, text, pos):
        alone = self._shared.alone
        for terminal in terminals:
            found = alone(terminal).match(text.text, pos, text.end)
            if found:
                return found.group(0), terminal.name
        return None

    def match(self, text, pos):
        first = self._shared.first_match(text, pos)
        if first is not None and first[1] in self.allowed_types:
            before = self._tried_before(first[1]) if self._own else ()
            return (self._first_alone(before, text, pos) if before else None) or first
        return self._first_alone(self._tried_instead(first[1] if first else None), text, pos)


class StateLexer(BasicLexer):
    """Lark's BasicLexer for one state's terminals, scanning with `StateScanner`."""

    def __init__(self, conf, shared: SharedTerminals) -> None:
        # BasicLexer.__init__ without the checks (done once for all states) and with the order
        # and the newline test shared by all states.
        self.re = conf.re_module
        self.terminals = sorted(conf.terminals, key=lambda t: shared.rank[t.name])
        self.newline_types = shared.newline_types & {t.name for t in self.terminals}
        self.ignore_types = frozenset(conf.ignore)
        self.user_callbacks = conf.callbacks
        self.g_regex_flags = conf.g_regex_flags
        self.use_bytes = conf.use_bytes
        self.terminals_by_name = conf.terminals_by_name
        self._scanner = None
        self._shared = shared

    def _build_scanner(self) -> StateScanner:
        terminals, self.callback = _keyword_types(self.terminals, self._shared)
        for type_, f in self.user_callbacks.items():
            if type_ in self.callback:
                self.callback[type_] = CallChain(self.callback[type_], f, lambda t, type_=type_: t.type == type_)
            else:
                self.callback[type_] = f
        return StateScanner(terminals, self._shared)


def _keyword_types(terminals: list, shared: SharedTerminals) -> tuple[list, dict]:
    """lark.lexer._create_unless: the keywords a regex terminal of the state reads are scanned as
    that terminal and retyped by its callback; a keyword with flags the regex lacks stays too."""
    names = {t.name for t in terminals}
    embedded = set()
    callback = {}
    for regex in (t for t in terminals if isinstance(t.pattern, PatternRE)):
        read = [k for k in shared.keywords_read(regex) if k.name in names]
        embedded.update(k for k in read if k.pattern.flags <= regex.pattern.flags)
        if read:
            callback[regex.name] = KeywordType(read, shared)
    return [t for t in terminals if t not in embedded], callback


class LexersByState(dict):
    """state -> its lexer, built on first use; states with the same terminals share one."""

    def __init__(self, owner: "SharedScannerLexer") -> None:
        super().__init__()
        self._owner = owner

    def __missing__(self, state):
        lexer = self[state] = self._owner.lexer_for(state)
        return lexer


class SharedScannerLexer(ContextualLexer):
    """lark.lexer.ContextualLexer with `StateLexer`s, each built when its state is first met."""

    def __init__(self, conf, states, always_accept=()) -> None:
        self._conf = copy(conf)
        self._conf.terminals = list(conf.terminals)
        if not conf.skip_validation:
            # A parser built from the grammar: every terminal is checked once, here, as Lark's
            # lexers of all states together would; the state lexers then skip the check.
            BasicLexer(self._conf)
            self._conf.skip_validation = True
        self._states = states
        self._always = set(conf.ignore) | set(always_accept)
        self._by_terminals: dict[frozenset, StateLexer] = {}
        self._root: StateLexer | None = None
        self._shared = SharedTerminals(self._conf)
        self.lexers = LexersByState(self)

    def lexer_for(self, state) -> StateLexer:
        accepts = frozenset(self._states[state])
        lexer = self._by_terminals.get(accepts)
        if lexer is None:
            conf = copy(self._conf)
            by_name = conf.terminals_by_name
            conf.terminals = [by_name[n] for n in accepts | self._always if n in by_name]
            lexer = self._by_terminals[accepts] = StateLexer(conf, self._shared)
        return lexer

    @property
    def root_lexer(self) -> StateLexer:
        """Every terminal: Lark reads the text at an error with it, to name what was found."""
        if self._root is None:
            self._root = StateLexer(copy(self._conf), self._shared)
        return self._root
