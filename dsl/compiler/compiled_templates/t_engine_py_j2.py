# Compiled from templates/engine.py.j2 by `python -m dsl.compiler.write_templates --write`: do not edit.
FINGERPRINT = 'faa2f3438a4702f86bdcfc127a14f5f99ec3baf76d6bf29028ff92cf07753c74'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'engine.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_docstring = resolve('docstring')
    l_0_scorings = resolve('scorings')
    l_0_rules = resolve('rules')
    l_0_readings = resolve('readings')
    l_0_standard_jokers = resolve('standard_jokers')
    l_0_card_text = resolve('card_text')
    l_0_rank = resolve('rank')
    l_0_suit = resolve('suit')
    l_0_color = resolve('color')
    l_0_kind = resolve('kind')
    l_0_twins = resolve('twins')
    l_0_seats_table = resolve('seats_table')
    l_0_max_players = resolve('max_players')
    l_0_orders = resolve('orders')
    l_0_values = resolve('values')
    l_0_patterns = resolve('patterns')
    l_0_card_orders = resolve('card_orders')
    l_0_pattern_sets = resolve('pattern_sets')
    l_0_functions = resolve('functions')
    l_0_blocks = resolve('blocks')
    l_0_game = resolve('game')
    l_0_block_names = resolve('block_names')
    l_0_zones_meta = resolve('zones_meta')
    l_0_vars_meta = resolve('vars_meta')
    l_0_locals_meta = resolve('locals_meta')
    l_0_field_shapes = resolve('field_shapes')
    l_0_n_cards = resolve('n_cards')
    l_0_suit_text = resolve('suit_text')
    l_0_rank_text = resolve('rank_text')
    l_0_options = resolve('options')
    l_0_late_actions = resolve('late_actions')
    l_0_ambiguities_meta = resolve('ambiguities_meta')
    l_0_players = resolve('players')
    l_0_n_hits = resolve('n_hits')
    l_0_n_actions = resolve('n_actions')
    l_0_winners = resolve('winners')
    l_0_outcome_lines = resolve('outcome_lines')
    l_0_decks = resolve('decks')
    l_0_deck_gap = resolve('deck_gap')
    l_0_init_lines = resolve('init_lines')
    l_0_clone_lines = resolve('clone_lines')
    l_0_result = resolve('result')
    l_0_examples = resolve('examples')
    l_0_example_rows = resolve('example_rows')
    try:
        t_1 = environment.filters['code_call']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'code_call' found.")
    try:
        t_2 = environment.filters['code_tuple']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'code_tuple' found.")
    try:
        t_3 = environment.filters['each']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'each' found.")
    try:
        t_4 = environment.filters['pyrepr']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'pyrepr' found.")
    try:
        t_5 = environment.filters['table']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'table' found.")
    try:
        t_6 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield str((undefined(name='docstring') if l_0_docstring is missing else l_0_docstring))
    yield '\n\nfrom dsl.runtime import engine as _rt\n'
    if (undefined(name='scorings') if l_0_scorings is missing else l_0_scorings):
        pass
        yield 'from dsl.runtime.combos import Pattern as _Pattern, Scoring as _Scoring\n'
    yield 'from dsl.runtime.errors import IllegalAction, RuleGap  # noqa: F401  (part of the engine API)\n\nRULES = '
    yield str(t_5((undefined(name='rules') if l_0_rules is missing else l_0_rules), 'RULES = '))
    yield '\n\n'
    if (undefined(name='readings') if l_0_readings is missing else l_0_readings):
        pass
        yield '# ---------------------------------------------------------------- readings\n# An ambiguity of the text is read one way per match: `s.r_<ambiguity>` holds the number of its reading.\n'
        for l_1_amb in (undefined(name='readings') if l_0_readings is missing else l_0_readings):
            _loop_vars = {}
            pass
            yield '# '
            yield str(environment.getattr(l_1_amb, 'comment'))
            yield '\n'
            for (l_2_name, l_2_number, l_2_description) in environment.getattr(l_1_amb, 'constants'):
                _loop_vars = {}
                pass
                yield str(l_2_name)
                yield ' = '
                yield str(l_2_number)
                yield '  # '
                yield str(l_2_description)
                yield '\n'
            l_2_name = l_2_number = l_2_description = missing
        l_1_amb = missing
        yield '\n'
    yield '# ---------------------------------------------------------------- cards\n# One entry per card id; identical cards of two decks share a KIND.\n'
    if (not t_6((undefined(name='standard_jokers') if l_0_standard_jokers is missing else l_0_standard_jokers))):
        pass
        yield '# The standard deck'
        if (undefined(name='standard_jokers') if l_0_standard_jokers is missing else l_0_standard_jokers):
            pass
            yield ' and '
            yield str((undefined(name='standard_jokers') if l_0_standard_jokers is missing else l_0_standard_jokers))
            yield ' joker'
            yield str(('s' if ((undefined(name='standard_jokers') if l_0_standard_jokers is missing else l_0_standard_jokers) > 1) else cond_expr_undefined("the inline if-expression on line 25 in 'engine.py.j2' evaluated to false and no else section was defined.")))
        yield ', card id 13 * suit + rank: its tables are those of dsl.runtime.decks.\nCARD_TEXT, RANK, SUIT, COLOR, KIND = _rt.standard_deck('
        yield str((undefined(name='standard_jokers') if l_0_standard_jokers is missing else l_0_standard_jokers))
        yield ')\n'
    else:
        pass
        yield 'CARD_TEXT = '
        yield str(t_5((undefined(name='card_text') if l_0_card_text is missing else l_0_card_text), 'CARD_TEXT = '))
        yield '\nRANK = '
        yield str(t_5((undefined(name='rank') if l_0_rank is missing else l_0_rank), 'RANK = '))
        yield '\nSUIT = '
        yield str(t_5((undefined(name='suit') if l_0_suit is missing else l_0_suit), 'SUIT = '))
        yield '\nCOLOR = '
        yield str(t_5((undefined(name='color') if l_0_color is missing else l_0_color), 'COLOR = '))
        yield '\nKIND = '
        yield str(t_5((undefined(name='kind') if l_0_kind is missing else l_0_kind), 'KIND = '))
        yield '\n'
    if (undefined(name='twins') if l_0_twins is missing else l_0_twins):
        pass
        yield '# the cards with an identical twin: a hand without them needs no de-duplication of its actions\nTWINS = _rt.twins(KIND)\n'
    if (undefined(name='seats_table') if l_0_seats_table is missing else l_0_seats_table):
        pass
        yield '# every seat order round the table, SEATS[players][start]: going round reads it instead of building a list\nSEATS = _rt.seat_orders('
        yield str((undefined(name='max_players') if l_0_max_players is missing else l_0_max_players))
        yield ')\n'
    for (l_1_name, l_1_table) in (undefined(name='orders') if l_0_orders is missing else l_0_orders):
        _loop_vars = {}
        pass
        yield '# '
        yield str(environment.getattr(l_1_table, 'comment'))
        yield '\n'
        yield str(l_1_name)
        yield ' = '
        yield str(t_5(environment.getattr(l_1_table, 'data'), str_join((l_1_name, ' = ', ))))
        yield '\n'
    l_1_name = l_1_table = missing
    for (l_1_name, l_1_table) in (undefined(name='values') if l_0_values is missing else l_0_values):
        _loop_vars = {}
        pass
        yield '# '
        yield str(environment.getattr(l_1_table, 'comment'))
        yield '\n'
        yield str(l_1_name)
        yield ' = '
        yield str(t_5(environment.getattr(l_1_table, 'data'), str_join((l_1_name, ' = ', ))))
        yield '\n'
    l_1_name = l_1_table = missing
    for (l_1_name, l_1_comment, l_1_table) in (undefined(name='patterns') if l_0_patterns is missing else l_0_patterns):
        _loop_vars = {}
        pass
        yield '# cards that are '
        yield str(l_1_comment)
        yield '\n'
        yield str(l_1_name)
        yield ' = '
        yield str(t_5(l_1_table, str_join((l_1_name, ' = ', ))))
        yield '\n'
    l_1_name = l_1_comment = l_1_table = missing
    for (l_1_name, l_1_table) in (undefined(name='card_orders') if l_0_card_orders is missing else l_0_card_orders):
        _loop_vars = {}
        pass
        yield '# per card, the position of its rank in '
        yield str(l_1_name[5:])
        yield ' (-1: not ranked)\n'
        yield str(l_1_name)
        yield ' = '
        yield str(t_5(l_1_table, str_join((l_1_name, ' = ', ))))
        yield '\n'
    l_1_name = l_1_table = missing
    for (l_1_table, l_1_name) in (undefined(name='pattern_sets') if l_0_pattern_sets is missing else l_0_pattern_sets):
        _loop_vars = {}
        pass
        yield str(l_1_name)
        yield ' = _rt.cards_where('
        yield str(l_1_table)
        yield ')  # the same cards as a set, for tests run in C\n'
    l_1_table = l_1_name = missing
    for l_1_scoring in (undefined(name='scorings') if l_0_scorings is missing else l_0_scorings):
        l_1_args = missing
        _loop_vars = {}
        pass
        yield '\n\n# ---------------------------------------------------------------- scoring '
        yield str(environment.getattr(l_1_scoring, 'name'))
        yield '\n# '
        yield str(environment.getattr(l_1_scoring, 'comment'))
        yield '\n'
        yield str(environment.getattr(l_1_scoring, 'solvers'))
        yield ' = {}\n\n\ndef '
        yield str(environment.getattr(l_1_scoring, 'solver'))
        yield '(s):\n    key = '
        yield str(t_2(t_3(environment.getattr(l_1_scoring, 'refs'), 's.{0}'), '    key = '))
        yield '\n    solver = '
        yield str(environment.getattr(l_1_scoring, 'solvers'))
        yield '.get(key)\n    if solver is None:\n        snapshot = '
        yield str(t_1('_rt.Snapshot', t_3(environment.getattr(l_1_scoring, 'refs'), '{0}=s.{0}'), '        snapshot = '))
        yield '\n        solver = '
        yield str(environment.getattr(l_1_scoring, 'solvers'))
        yield '[key] = '
        yield str(environment.getattr(l_1_scoring, 'make'))
        yield '(snapshot)\n    return solver\n\n\ndef '
        yield str(environment.getattr(l_1_scoring, 'make'))
        yield '(s):\n    patterns = [\n'
        for l_2_p in environment.getattr(l_1_scoring, 'patterns'):
            _loop_vars = {}
            pass
            yield '        # '
            yield str(environment.getattr(l_2_p, 'comment'))
            yield '\n        '
            yield str(t_1('_Pattern', environment.getattr(l_2_p, 'args'), '        ', 1))
            yield ',\n'
        l_2_p = missing
        yield '    ]\n'
        l_1_args = ((['patterns', 'RANK', 'SUIT', 'KIND', str_join(('reusable=', environment.getattr(l_1_scoring, 'reusable'), )), str_join(('leftover=', environment.getattr(l_1_scoring, 'leftover'), )), str_join(('maximise=', environment.getattr(l_1_scoring, 'maximise'), )), str_join(('name=', t_4(environment.getattr(l_1_scoring, 'name')), )), str_join(('alike=', environment.getattr(l_1_scoring, 'alike'), ))] + ([str_join(('overlapping=', environment.getattr(l_1_scoring, 'overlapping'), ))] if (environment.getattr(l_1_scoring, 'overlapping') != 'False') else [])) + ([str_join(('greedy=', environment.getattr(l_1_scoring, 'greedy'), ))] if (environment.getattr(l_1_scoring, 'greedy') != 'False') else []))
        _loop_vars['args'] = l_1_args
        yield '    return '
        yield str(t_1('_Scoring', (undefined(name='args') if l_1_args is missing else l_1_args), '    return '))
        yield '\n'
    l_1_scoring = l_1_args = missing
    for l_1_fn in (undefined(name='functions') if l_0_functions is missing else l_0_functions):
        _loop_vars = {}
        pass
        yield '\n\ndef '
        yield str(environment.getattr(l_1_fn, 'name'))
        yield '('
        yield str(environment.getattr(l_1_fn, 'params'))
        yield '):\n'
        for l_2_line in environment.getattr(l_1_fn, 'lines'):
            _loop_vars = {}
            pass
            yield str(l_2_line)
            yield '\n'
        l_2_line = missing
    l_1_fn = missing
    yield '\n\n# ---------------------------------------------------------------- the rules as a state machine\n'
    l_1_loop = missing
    for l_1_block, l_1_loop in LoopContext((undefined(name='blocks') if l_0_blocks is missing else l_0_blocks), undefined):
        _loop_vars = {}
        pass
        yield '\n\ndef '
        yield str(environment.getitem((undefined(name='block_names') if l_0_block_names is missing else l_0_block_names), environment.getattr(l_1_loop, 'index0')))
        yield '(s):\n'
        for l_2_line in l_1_block:
            _loop_vars = {}
            pass
            yield str(l_2_line)
            yield '\n'
        l_2_line = missing
    l_1_loop = l_1_block = missing
    yield '\n\nclass State(_rt.BaseState):\n    _GAME = '
    yield str(t_4(environment.getattr((undefined(name='game') if l_0_game is missing else l_0_game), 'name')))
    yield '\n    _BLOCKS = '
    yield str(t_2((undefined(name='block_names') if l_0_block_names is missing else l_0_block_names), '    _BLOCKS = '))
    yield '\n    _ZONES = '
    yield str(t_5((undefined(name='zones_meta') if l_0_zones_meta is missing else l_0_zones_meta), '    _ZONES = '))
    yield '\n    _VARS = '
    yield str(t_5((undefined(name='vars_meta') if l_0_vars_meta is missing else l_0_vars_meta), '    _VARS = '))
    yield '\n    _LOCALS = '
    yield str(t_5((undefined(name='locals_meta') if l_0_locals_meta is missing else l_0_locals_meta), '    _LOCALS = '))
    yield '\n    _FIELD_SHAPES = '
    yield str(t_5((undefined(name='field_shapes') if l_0_field_shapes is missing else l_0_field_shapes), '    _FIELD_SHAPES = '))
    yield '\n    _CARD_TEXT = CARD_TEXT\n    _N_CARDS = '
    yield str((undefined(name='n_cards') if l_0_n_cards is missing else l_0_n_cards))
    yield '\n'
    if (not t_6((undefined(name='suit_text') if l_0_suit_text is missing else l_0_suit_text))):
        pass
        yield '    _SUIT_TEXT = '
        yield str((undefined(name='suit_text') if l_0_suit_text is missing else l_0_suit_text))
        yield '\n'
    if (not t_6((undefined(name='rank_text') if l_0_rank_text is missing else l_0_rank_text))):
        pass
        yield '    _RANK_TEXT = '
        yield str((undefined(name='rank_text') if l_0_rank_text is missing else l_0_rank_text))
        yield '\n'
    yield '    _OPTIONS = '
    yield str((undefined(name='options') if l_0_options is missing else l_0_options))
    yield '\n'
    if (not t_6((undefined(name='late_actions') if l_0_late_actions is missing else l_0_late_actions))):
        pass
        yield '    _LATE_ACTIONS = '
        yield str(t_5((undefined(name='late_actions') if l_0_late_actions is missing else l_0_late_actions), '    _LATE_ACTIONS = '))
        yield '\n'
    yield '    _AMBIGUITIES = '
    yield str(t_5((undefined(name='ambiguities_meta') if l_0_ambiguities_meta is missing else l_0_ambiguities_meta), '    _AMBIGUITIES = '))
    yield '\n    _PLAYERS = '
    yield str((undefined(name='players') if l_0_players is missing else l_0_players))
    yield '\n    _N_HITS = '
    yield str((undefined(name='n_hits') if l_0_n_hits is missing else l_0_n_hits))
    yield '\n    _N_ACTIONS = '
    yield str((undefined(name='n_actions') if l_0_n_actions is missing else l_0_n_actions))
    yield '\n    _WINNERS = '
    yield str(t_4((undefined(name='winners') if l_0_winners is missing else l_0_winners)))
    yield '\n'
    for l_1_line in (undefined(name='outcome_lines') if l_0_outcome_lines is missing else l_0_outcome_lines):
        _loop_vars = {}
        pass
        yield '    '
        yield str(l_1_line)
        yield '\n'
    l_1_line = missing
    yield '\n    def __init__(self, players, seed=0, readings=None, run=True, blank=False, rng=None):\n        if blank:  # an empty state for clone() to fill in\n            return\n        s = self\n        self._setup(players, seed, readings, rng)\n'
    for l_1_deck in (undefined(name='decks') if l_0_decks is missing else l_0_decks):
        _loop_vars = {}
        pass
        if ((environment.getattr(l_1_deck, 'keyword') == 'if') and t_6(environment.getattr(l_1_deck, 'cond'))):
            pass
            yield '        s.cards = '
            yield str(t_5(environment.getattr(l_1_deck, 'cards'), '        s.cards = '))
            yield '\n'
        else:
            pass
            yield '        '
            yield str(environment.getattr(l_1_deck, 'keyword'))
            if (not t_6(environment.getattr(l_1_deck, 'cond'))):
                pass
                yield ' '
                yield str(environment.getattr(l_1_deck, 'cond'))
            yield ':\n            s.cards = '
            yield str(t_5(environment.getattr(l_1_deck, 'cards'), '            s.cards = '))
            yield '\n'
    l_1_deck = missing
    if (undefined(name='deck_gap') if l_0_deck_gap is missing else l_0_deck_gap):
        pass
        if (undefined(name='decks') if l_0_decks is missing else l_0_decks):
            pass
            yield "        else:\n            _rt.gap('no-deck', 0, 'no deck line applies to this number of players')\n"
        else:
            pass
            yield "        _rt.gap('no-deck', 0, 'no deck line applies to this number of players')\n"
    for l_1_line in (undefined(name='init_lines') if l_0_init_lines is missing else l_0_init_lines):
        _loop_vars = {}
        pass
        yield '        '
        yield str(l_1_line)
        yield '\n'
    l_1_line = missing
    yield '        if run:\n            self._run()\n\n    def clone(self):\n        s, c = self, self._clone_base()\n'
    for l_1_line in (undefined(name='clone_lines') if l_0_clone_lines is missing else l_0_clone_lines):
        _loop_vars = {}
        pass
        yield '        '
        yield str(l_1_line)
        yield '\n'
    l_1_line = missing
    yield '        return c\n\n    def _result(self):\n        s = self\n        return list('
    yield str((undefined(name='result') if l_0_result is missing else l_0_result))
    yield ')\n\n\ndef new_game(players, seed=0, readings=None, chance="seeded", record=False):\n    """A new match, run up to its first decision (or, with chance="explicit", its first chance node).\n    With record=True the state keeps the match\'s events (`state.events()`)."""\n    if record and chance == "seeded":\n        s = State(players, seed, readings, run=False)\n        s._start_recording()\n        s._run()\n        return s\n    if chance == "seeded":\n        return State(players, seed, readings)\n    return _rt.explicit_game(State, players, seed, readings, chance)\n'
    l_1_loop = missing
    for l_1_ex, l_1_loop in LoopContext((undefined(name='examples') if l_0_examples is missing else l_0_examples), undefined):
        _loop_vars = {}
        pass
        yield '\n\ndef _example_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '(readings):\n    # '
        yield str(environment.getattr(l_1_ex, 'comment'))
        yield '\n    s = State('
        yield str(environment.getattr(l_1_ex, 'players'))
        yield ', 0, readings, run='
        yield str(environment.getattr(l_1_ex, 'after_setup'))
        yield ')  # noqa: F841 (not every example reads it)\n'
        for l_2_line in environment.getattr(l_1_ex, 'lines'):
            _loop_vars = {}
            pass
            yield str(l_2_line)
            yield '\n'
        l_2_line = missing
        if environment.getattr(l_1_ex, 'expects'):
            pass
            yield '    return [\n'
            for l_2_outcome in environment.getattr(l_1_ex, 'expects'):
                _loop_vars = {}
                pass
                yield '        '
                yield str(l_2_outcome)
                yield ',\n'
            l_2_outcome = missing
            yield '    ]\n'
        else:
            pass
            yield '    return []\n'
    l_1_loop = l_1_ex = missing
    yield '\n\nEXAMPLES = '
    yield str(t_2((undefined(name='example_rows') if l_0_example_rows is missing else l_0_example_rows), 'EXAMPLES = '))
    yield '\nEXAMPLES = _rt.guard_examples(EXAMPLES)  # a fault in an example is a located rule gap\n\n\ndef from_json(data):\n    """A state saved by `to_json`, restored to play on as the original would."""\n    return State.from_json(data)\n\n\ndef deserialize(text):\n    """A state saved by `state.serialize()`, rebuilt by playing its history again."""\n    return _rt.deserialize_state(State, text)\n'

blocks = {}
debug_info = '1=91&4=93&9=97&11=99&14=102&15=106&16=108&17=111&24=121&25=124&26=131&28=136&29=138&30=140&31=142&32=144&34=146&38=149&40=152&42=154&43=158&44=160&46=165&47=169&48=171&50=176&51=180&52=182&54=187&55=191&56=193&58=198&59=201&61=206&64=211&65=213&66=215&69=217&70=219&71=221&73=223&74=225&78=229&80=231&81=235&82=237&85=241&86=244&88=247&91=251&92=255&93=258&99=264&102=268&103=270&104=273&110=278&111=280&112=282&113=284&114=286&115=288&117=290&118=292&119=295&121=297&122=300&124=303&125=305&126=308&128=311&129=313&130=315&131=317&132=319&133=321&134=325&142=329&143=332&144=335&146=340&147=346&150=349&151=351&158=357&159=361&166=365&167=369&173=373&187=376&190=380&191=382&192=384&193=388&194=391&196=394&198=397&199=401&208=410'
