# Compiled from templates/lowering/trick.py.j2 by `python -m dsl.compiler.write_templates --write`: do not edit.
FINGERPRINT = 'ead6e2a16936c16cd7f98ae6558c1d18a0a5b33ddd4b2fe08c6f098997a1e4aa'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'lowering/trick.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_start = l_0_turn_start = l_0_turn_hook = l_0_turn_hook_done = l_0_lead_test = l_0_lead = l_0_follow = l_0_decide = l_0_played = l_0_no_winner_yet = l_0_winner_rule = l_0_winner_loop = l_0_take = missing
    try:
        t_1 = environment.filters['indent']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'indent' found.")
    try:
        t_2 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    def macro(l_1_order, l_1_turn, l_1_jump, l_1_hooks, l_1_cards):
        t_3 = []
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        if l_1_hooks is missing:
            l_1_hooks = undefined("parameter 'hooks' was not provided", name='hooks')
        if l_1_cards is missing:
            l_1_cards = undefined("parameter 'cards' was not provided", name='cards')
        pass
        t_3.extend((
            's.t_order = ',
            str(l_1_order),
            '\ns.t_i = 0\n',
        ))
        if l_1_cards:
            pass
            t_3.append(
                's.t_cards = []\n',
            )
        if l_1_hooks:
            pass
            t_3.append(
                's.t_hooked = 0\n',
            )
        t_3.extend((
            's.led = None\ns.choice = -1\n',
            str(context.call(l_1_jump, l_1_turn)),
            '\n',
        ))
        return concat(t_3)
    context.exported_vars.add('start')
    context.vars['start'] = l_0_start = Macro(environment, macro, 'start', ('order', 'turn', 'jump', 'hooks', 'cards'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_resolve, l_1_jump):
        t_4 = []
        if l_1_resolve is missing:
            l_1_resolve = undefined("parameter 'resolve' was not provided", name='resolve')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_4.extend((
            'if _t_i >= len(s.t_order):\n    ',
            str(context.call(l_1_jump, l_1_resolve)),
            '\n_p = s.t_order[_t_i]\n',
        ))
        return concat(t_4)
    context.exported_vars.add('turn_start')
    context.vars['turn_start'] = l_0_turn_start = Macro(environment, macro, 'turn_start', ('resolve', 'jump'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_who, l_1_body, l_1_jump, l_1_index):
        t_5 = []
        if l_1_who is missing:
            l_1_who = undefined("parameter 'who' was not provided", name='who')
        if l_1_body is missing:
            l_1_body = undefined("parameter 'body' was not provided", name='body')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        pass
        t_5.extend((
            'if s.t_hooked < ',
            str(l_1_index),
            ' and _p == ',
            str(l_1_who),
            ':\n    s.t_hooked = ',
            str(l_1_index),
            '\n    ',
            str(context.call(l_1_jump, l_1_body)),
            '\n',
        ))
        return concat(t_5)
    context.exported_vars.add('turn_hook')
    context.vars['turn_hook'] = l_0_turn_hook = Macro(environment, macro, 'turn_hook', ('who', 'body', 'jump', 'index'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_turn, l_1_jump, l_1_index):
        t_6 = []
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        pass
        t_6.extend((
            's.choice = -1\n',
            str(context.call(l_1_jump, l_1_turn)),
            '\n',
        ))
        return concat(t_6)
    context.exported_vars.add('turn_hook_done')
    context.vars['turn_hook_done'] = l_0_turn_hook_done = Macro(environment, macro, 'turn_hook_done', ('turn', 'jump', 'index'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_7 = []
        pass
        t_7.append(
            'if _t_i == 0:\n',
        )
        return concat(t_7)
    context.exported_vars.add('lead_test')
    context.vars['lead_test'] = l_0_lead_test = Macro(environment, macro, 'lead_test', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_who, l_1_lead_legal, l_1_played, l_1_line, l_1_then):
        t_8 = []
        if l_1_who is missing:
            l_1_who = undefined("parameter 'who' was not provided", name='who')
        if l_1_lead_legal is missing:
            l_1_lead_legal = undefined("parameter 'lead_legal' was not provided", name='lead_legal')
        if l_1_played is missing:
            l_1_played = undefined("parameter 'played' was not provided", name='played')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_then is missing:
            l_1_then = undefined("parameter 'then' was not provided", name='then')
        pass
        t_8.extend((
            str(context.call((undefined(name='decide') if l_0_decide is missing else l_0_decide), l_1_who, l_1_lead_legal, l_1_played, l_1_line, l_1_then)),
            '\n',
        ))
        return concat(t_8)
    context.exported_vars.add('lead')
    context.vars['lead'] = l_0_lead = Macro(environment, macro, 'lead', ('who', 'lead_legal', 'played', 'line', 'then'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_who, l_1_legal, l_1_played, l_1_line, l_1_then):
        t_9 = []
        if l_1_who is missing:
            l_1_who = undefined("parameter 'who' was not provided", name='who')
        if l_1_legal is missing:
            l_1_legal = undefined("parameter 'legal' was not provided", name='legal')
        if l_1_played is missing:
            l_1_played = undefined("parameter 'played' was not provided", name='played')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_then is missing:
            l_1_then = undefined("parameter 'then' was not provided", name='then')
        pass
        t_9.extend((
            str(context.call((undefined(name='decide') if l_0_decide is missing else l_0_decide), l_1_who, l_1_legal, l_1_played, l_1_line, l_1_then)),
            '\n',
        ))
        return concat(t_9)
    context.exported_vars.add('follow')
    context.vars['follow'] = l_0_follow = Macro(environment, macro, 'follow', ('who', 'legal', 'played', 'line', 'then'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_who, l_1_legal, l_1_played, l_1_line, l_1_then):
        t_10 = []
        if l_1_who is missing:
            l_1_who = undefined("parameter 'who' was not provided", name='who')
        if l_1_legal is missing:
            l_1_legal = undefined("parameter 'legal' was not provided", name='legal')
        if l_1_played is missing:
            l_1_played = undefined("parameter 'played' was not provided", name='played')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_then is missing:
            l_1_then = undefined("parameter 'then' was not provided", name='then')
        pass
        if (l_1_who == '_p'):
            pass
            t_10.extend((
                '_legal = ',
                str(l_1_legal),
                '\nif _legal:\n    s.cur, s.legal, s.pc, s.asked_at = _p, _legal, ',
                str(l_1_played),
                ', ',
                str(l_1_line),
                '\n    return -1  # then ',
                str(l_1_then),
                '\nreturn s._decide(_p, _legal, ',
                str(l_1_played),
                ', ',
                str(l_1_line),
                ')\n',
            ))
        else:
            pass
            t_10.extend((
                'return s._decide(',
                str(l_1_who),
                ', ',
                str(l_1_legal),
                ', ',
                str(l_1_played),
                ', ',
                str(l_1_line),
                ')  # then ',
                str(l_1_then),
                '\n',
            ))
        return concat(t_10)
    context.exported_vars.add('decide')
    context.vars['decide'] = l_0_decide = Macro(environment, macro, 'decide', ('who', 'legal', 'played', 'line', 'then'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_hand, l_1_table, l_1_led, l_1_hooks, l_1_cards, l_1_record):
        t_11 = []
        if l_1_hand is missing:
            l_1_hand = undefined("parameter 'hand' was not provided", name='hand')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_led is missing:
            l_1_led = undefined("parameter 'led' was not provided", name='led')
        if l_1_hooks is missing:
            l_1_hooks = undefined("parameter 'hooks' was not provided", name='hooks')
        if l_1_cards is missing:
            l_1_cards = undefined("parameter 'cards' was not provided", name='cards')
        if l_1_record is missing:
            l_1_record = None
        pass
        t_11.extend((
            '_c, _t_i = s.choice, s.t_i\nif _c >= 0:  # the card just chosen\n    s.choice = -1\n    _p = s.t_order[_t_i]\n    ',
            str(l_1_hand),
            '.remove(_c)  # a legal card, so it is in the hand\n    ',
            str(l_1_table),
            '.append(_c)\n',
        ))
        if l_1_cards:
            pass
            t_11.append(
                '    s.t_cards.append(_c)\n',
            )
        t_11.extend((
            '    if s.led is None and SUIT[_c] >= 0:\n        s.led = ',
            str(l_1_led),
            '\n',
        ))
        if (not t_2(l_1_record)):
            pass
            t_11.extend((
                '    if s.recorder is not None:\n        ',
                str(l_1_record),
                '\n',
            ))
        t_11.append(
            '    s.t_i = _t_i = _t_i + 1\n',
        )
        if l_1_hooks:
            pass
            t_11.append(
                '    s.t_hooked = 0\n',
            )
        return concat(t_11)
    context.exported_vars.add('played')
    context.vars['played'] = l_0_played = Macro(environment, macro, 'played', ('hand', 'table', 'led', 'hooks', 'cards', 'record'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro():
        t_12 = []
        pass
        t_12.append(
            '_winner = None\n',
        )
        return concat(t_12)
    context.exported_vars.add('no_winner_yet')
    context.vars['no_winner_yet'] = l_0_no_winner_yet = Macro(environment, macro, 'no_winner_yet', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_guard, l_1_card, l_1_order, l_1_where, l_1_table, l_1_hit, l_1_tie, l_1_line, l_1_reads, l_1_unless_none):
        t_13 = []
        if l_1_guard is missing:
            l_1_guard = undefined("parameter 'guard' was not provided", name='guard')
        if l_1_card is missing:
            l_1_card = undefined("parameter 'card' was not provided", name='card')
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        if l_1_where is missing:
            l_1_where = undefined("parameter 'where' was not provided", name='where')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_hit is missing:
            l_1_hit = undefined("parameter 'hit' was not provided", name='hit')
        if l_1_tie is missing:
            l_1_tie = undefined("parameter 'tie' was not provided", name='tie')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_reads is missing:
            l_1_reads = undefined("parameter 'reads' was not provided", name='reads')
        if l_1_unless_none is missing:
            l_1_unless_none = undefined("parameter 'unless_none' was not provided", name='unless_none')
        pass
        t_13.append(
            'if _winner is None',
        )
        if l_1_guard:
            pass
            t_13.extend((
                ' and ',
                str(l_1_guard),
            ))
        t_13.append(
            ':\n',
        )
        for (l_2_name, l_2_value) in l_1_reads:
            _loop_vars = {}
            pass
            t_13.extend((
                '    ',
                str(l_2_name),
                ' = ',
                str(l_2_value),
                '\n',
            ))
        l_2_name = l_2_value = missing
        t_13.append(
            '    _best = -1\n',
        )
        if l_1_unless_none:
            pass
            t_13.extend((
                '    if ',
                str(l_1_unless_none),
                ' is not None:\n        ',
                str(t_1(context.call((undefined(name='winner_loop') if l_0_winner_loop is missing else l_0_winner_loop), l_1_card, l_1_order, l_1_where, l_1_table), 8)),
                '\n',
            ))
        else:
            pass
            t_13.extend((
                '    ',
                str(t_1(context.call((undefined(name='winner_loop') if l_0_winner_loop is missing else l_0_winner_loop), l_1_card, l_1_order, l_1_where, l_1_table), 4)),
                '\n',
            ))
        t_13.extend((
            '    if _best >= 0:\n        s.hits[',
            str(l_1_hit),
            '] += 1\n        _winner = s.t_order[_first if _first == _last else _rt.tied_winner(_first, _last, ',
            str(l_1_tie),
            ', ',
            str(l_1_line),
            ')]\n',
        ))
        return concat(t_13)
    context.exported_vars.add('winner_rule')
    context.vars['winner_rule'] = l_0_winner_rule = Macro(environment, macro, 'winner_rule', ('guard', 'card', 'order', 'where', 'table', 'hit', 'tie', 'line', 'reads', 'unless_none'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_card, l_1_order, l_1_where, l_1_table):
        t_14 = []
        if l_1_card is missing:
            l_1_card = undefined("parameter 'card' was not provided", name='card')
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        if l_1_where is missing:
            l_1_where = undefined("parameter 'where' was not provided", name='where')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        pass
        t_14.extend((
            'for _i, ',
            str(l_1_card),
            ' in enumerate(',
            str(l_1_table),
            '):\n    _rank = ',
            str(l_1_order),
            '[',
            str(l_1_card),
            ']\n    if _rank >= 0',
        ))
        if l_1_where:
            pass
            t_14.extend((
                ' and ',
                str(l_1_where),
            ))
        t_14.append(
            ' and _rank >= _best:\n        if _rank > _best:\n            _best, _first = _rank, _i\n        _last = _i\n',
        )
        return concat(t_14)
    context.exported_vars.add('winner_loop')
    context.vars['winner_loop'] = l_0_winner_loop = Macro(environment, macro, 'winner_loop', ('card', 'order', 'where', 'table'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_line, l_1_take, l_1_table, l_1_grouped, l_1_as_group, l_1_record):
        t_15 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_take is missing:
            l_1_take = undefined("parameter 'take' was not provided", name='take')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_grouped is missing:
            l_1_grouped = undefined("parameter 'grouped' was not provided", name='grouped')
        if l_1_as_group is missing:
            l_1_as_group = undefined("parameter 'as_group' was not provided", name='as_group')
        if l_1_record is missing:
            l_1_record = None
        pass
        t_15.extend((
            "if _winner is None:\n    _rt.gap('no-winner', ",
            str(l_1_line),
            ", 'no winner rule applies to this trick')\ns.winner = _winner\ns.tricks += 1\n",
        ))
        if (not t_2(l_1_record)):
            pass
            t_15.extend((
                'if s.recorder is not None:\n    ',
                str(l_1_record),
                '\n',
            ))
        if (l_1_grouped and l_1_as_group):
            pass
            t_15.extend((
                str(l_1_take),
                '.append(',
                str(l_1_table),
                '[:])\n',
            ))
        elif l_1_grouped:
            pass
            t_15.extend((
                str(l_1_take),
                '.extend([_c] for _c in ',
                str(l_1_table),
                ')\n',
            ))
        else:
            pass
            t_15.extend((
                str(l_1_take),
                '.extend(',
                str(l_1_table),
                ')\n',
            ))
        t_15.extend((
            str(l_1_table),
            '.clear()\n',
        ))
        return concat(t_15)
    context.exported_vars.add('take')
    context.vars['take'] = l_0_take = Macro(environment, macro, 'take', ('line', 'take', 'table', 'grouped', 'as_group', 'record'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '3=24&4=39&6=42&9=47&14=54&18=60&20=69&25=75&26=88&27=92&28=94&32=100&34=111&38=117&45=126&46=140&49=147&50=161&53=168&54=181&55=185&57=187&58=191&59=193&61=202&71=216&76=233&77=235&78=238&82=245&83=248&85=252&88=258&93=267&102=276&103=302&104=311&105=316&108=325&109=329&110=331&112=338&115=343&116=345&119=354&120=367&121=371&122=376&130=388&132=405&135=408&137=412&139=415&140=418&141=423&142=426&144=434&146=440'
