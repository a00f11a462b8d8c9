# Compiled from templates/lowering/trick.py.j2 by `python -m dsl.compiler.write_templates --write`: do not edit.
FINGERPRINT = 'a6451be76089532bc8d74258ee760f14ebb9347e86b5f7eb475942081ad1867c'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'lowering/trick.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_start = l_0_turn = l_0_follow = l_0_played = l_0_no_winner_yet = l_0_winner_rule = l_0_take = missing
    pass
    def macro(l_1_order, l_1_turn, l_1_jump):
        t_1 = []
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_1.extend((
            's.t_order = ',
            str(l_1_order),
            '\ns.t_i = 0\ns.t_seats = []\ns.led = None\n',
            str(context.call(l_1_jump, l_1_turn)),
            '\n',
        ))
        return concat(t_1)
    context.exported_vars.add('start')
    context.vars['start'] = l_0_start = Macro(environment, macro, 'start', ('order', 'turn', 'jump'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_resolve, l_1_lead_legal, l_1_played, l_1_line, l_1_then, l_1_jump):
        t_2 = []
        if l_1_resolve is missing:
            l_1_resolve = undefined("parameter 'resolve' was not provided", name='resolve')
        if l_1_lead_legal is missing:
            l_1_lead_legal = undefined("parameter 'lead_legal' was not provided", name='lead_legal')
        if l_1_played is missing:
            l_1_played = undefined("parameter 'played' was not provided", name='played')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_then is missing:
            l_1_then = undefined("parameter 'then' was not provided", name='then')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_2.extend((
            'if s.t_i >= len(s.t_order):\n    ',
            str(context.call(l_1_jump, l_1_resolve)),
            '\n_p = s.t_order[s.t_i]\nif s.t_i == 0:\n    return s._decide(_p, ',
            str(l_1_lead_legal),
            ', ',
            str(l_1_played),
            ', ',
            str(l_1_line),
            ')  # then ',
            str(l_1_then),
            '\n',
        ))
        return concat(t_2)
    context.exported_vars.add('turn')
    context.vars['turn'] = l_0_turn = Macro(environment, macro, 'turn', ('resolve', 'lead_legal', 'played', 'line', 'then', 'jump'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_legal, l_1_played, l_1_line, l_1_then):
        t_3 = []
        if l_1_legal is missing:
            l_1_legal = undefined("parameter 'legal' was not provided", name='legal')
        if l_1_played is missing:
            l_1_played = undefined("parameter 'played' was not provided", name='played')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_then is missing:
            l_1_then = undefined("parameter 'then' was not provided", name='then')
        pass
        t_3.extend((
            'return s._decide(_p, ',
            str(l_1_legal),
            ', ',
            str(l_1_played),
            ', ',
            str(l_1_line),
            ')  # then ',
            str(l_1_then),
            '\n',
        ))
        return concat(t_3)
    context.exported_vars.add('follow')
    context.vars['follow'] = l_0_follow = Macro(environment, macro, 'follow', ('legal', 'played', 'line', 'then'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_hand, l_1_table, l_1_turn, l_1_jump):
        t_4 = []
        if l_1_hand is missing:
            l_1_hand = undefined("parameter 'hand' was not provided", name='hand')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_4.extend((
            '_p = s.t_order[s.t_i]\n',
            str(l_1_hand),
            '.remove(s.choice)  # a legal card, so it is in the hand\n',
            str(l_1_table),
            '.append(s.choice)\ns.t_seats.append(_p)\nif s.led is None and SUIT[s.choice] >= 0:\n    s.led = SUIT[s.choice]\ns.t_i += 1\n',
            str(context.call(l_1_jump, l_1_turn)),
            '\n',
        ))
        return concat(t_4)
    context.exported_vars.add('played')
    context.vars['played'] = l_0_played = Macro(environment, macro, 'played', ('hand', 'table', 'turn', 'jump'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro():
        t_5 = []
        pass
        t_5.append(
            '_winner = None\n',
        )
        return concat(t_5)
    context.exported_vars.add('no_winner_yet')
    context.vars['no_winner_yet'] = l_0_no_winner_yet = Macro(environment, macro, 'no_winner_yet', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_guard, l_1_card, l_1_order, l_1_where, l_1_table, l_1_hit, l_1_tie, l_1_line):
        t_6 = []
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
        pass
        t_6.append(
            'if _winner is None',
        )
        if l_1_guard:
            pass
            t_6.extend((
                ' and ',
                str(l_1_guard),
            ))
        t_6.extend((
            ':\n    _cands = [(_i, ',
            str(l_1_card),
            ') for _i, ',
            str(l_1_card),
            ' in enumerate(',
            str(l_1_table),
            ') if ',
            str(l_1_order),
            '[RANK[',
            str(l_1_card),
            ']] >= 0',
        ))
        if l_1_where:
            pass
            t_6.extend((
                ' and ',
                str(l_1_where),
            ))
        t_6.extend((
            ']\n    if _cands:\n        s.hits[',
            str(l_1_hit),
            '] += 1\n        _best = max(',
            str(l_1_order),
            '[RANK[_c]] for _i, _c in _cands)\n        _top = [(_i, _c) for _i, _c in _cands if ',
            str(l_1_order),
            '[RANK[_c]] == _best]\n        _winner = s.t_seats[_rt.tie_break(_top, ',
            str(l_1_tie),
            ', ',
            str(l_1_line),
            ')]\n',
        ))
        return concat(t_6)
    context.exported_vars.add('winner_rule')
    context.vars['winner_rule'] = l_0_winner_rule = Macro(environment, macro, 'winner_rule', ('guard', 'card', 'order', 'where', 'table', 'hit', 'tie', 'line'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_take, l_1_table, l_1_grouped, l_1_as_group):
        t_7 = []
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
        pass
        t_7.extend((
            "if _winner is None:\n    _rt.gap('no-winner', ",
            str(l_1_line),
            ", 'no winner rule applies to this trick')\ns.winner = _winner\n",
        ))
        if (l_1_grouped and l_1_as_group):
            pass
            t_7.extend((
                str(l_1_take),
                '.append(',
                str(l_1_table),
                '[:])\n',
            ))
        elif l_1_grouped:
            pass
            t_7.extend((
                str(l_1_take),
                '.extend([_c] for _c in ',
                str(l_1_table),
                ')\n',
            ))
        else:
            pass
            t_7.extend((
                str(l_1_take),
                '.extend(',
                str(l_1_table),
                ')\n',
            ))
        t_7.extend((
            str(l_1_table),
            '.clear()\ns.t_seats = []\n',
        ))
        return concat(t_7)
    context.exported_vars.add('take')
    context.vars['take'] = l_0_take = Macro(environment, macro, 'take', ('line', 'take', 'table', 'grouped', 'as_group'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '3=12&4=23&8=25&12=31&14=48&17=50&20=63&21=76&24=89&26=102&27=104&32=106&35=113&40=122&41=144&42=152&44=171&45=173&46=175&47=177&50=186&52=201&54=204&55=207&56=212&57=215&59=223&61=229'
