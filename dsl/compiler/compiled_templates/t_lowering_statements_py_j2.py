# Compiled from templates/lowering/statements.py.j2 by `python -m dsl.compiler.write_templates --write`: do not edit.
FINGERPRINT = '004a3dbb4c3e6f3e3a9caf05ac716835712f87004bc5f68c895167fc952567a3'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'lowering/statements.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_comment = l_0_trigger_start = l_0_shuffle = l_0_move = l_0_deal_each = l_0_deal_evenly = l_0_draw = l_0_fire = l_0_gather = l_0_assign = l_0_end_game = l_0_gap = l_0_hit = l_0_guard = l_0_if_ = l_0_repeat = l_0_while_ = l_0_extreme_seats = l_0_for_ = missing
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
    def macro(l_1_text):
        t_3 = []
        if l_1_text is missing:
            l_1_text = undefined("parameter 'text' was not provided", name='text')
        pass
        t_3.extend((
            '# ',
            str(l_1_text),
            '\n',
        ))
        return concat(t_3)
    context.exported_vars.add('comment')
    context.vars['comment'] = l_0_comment = Macro(environment, macro, 'comment', ('text',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_card, l_1_player, l_1_skip):
        t_4 = []
        if l_1_card is missing:
            l_1_card = undefined("parameter 'card' was not provided", name='card')
        if l_1_player is missing:
            l_1_player = undefined("parameter 'player' was not provided", name='player')
        if l_1_skip is missing:
            l_1_skip = undefined("parameter 'skip' was not provided", name='skip')
        pass
        t_4.extend((
            's.',
            str(l_1_card),
            ' = card\ns.',
            str(l_1_player),
            ' = player\n',
        ))
        if (not t_2(l_1_skip)):
            pass
            t_4.extend((
                'if ',
                str(l_1_skip),
                ':\n    return\n',
            ))
        return concat(t_4)
    context.exported_vars.add('trigger_start')
    context.vars['trigger_start'] = l_0_trigger_start = Macro(environment, macro, 'trigger_start', ('card', 'player', 'skip'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_zone):
        t_5 = []
        if l_1_zone is missing:
            l_1_zone = undefined("parameter 'zone' was not provided", name='zone')
        pass
        t_5.extend((
            's.rng.shuffle(',
            str(l_1_zone),
            ')\n',
        ))
        return concat(t_5)
    context.exported_vars.add('shuffle')
    context.vars['shuffle'] = l_0_shuffle = Macro(environment, macro, 'shuffle', ('zone',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_amount, l_1_src, l_1_dst, l_1_line, l_1_arg, l_1_card, l_1_cond, l_1_source_grouped, l_1_dest_grouped, l_1_as_group, l_1_place, l_1_other_zone):
        t_6 = []
        if l_1_amount is missing:
            l_1_amount = undefined("parameter 'amount' was not provided", name='amount')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_arg is missing:
            l_1_arg = undefined("parameter 'arg' was not provided", name='arg')
        if l_1_card is missing:
            l_1_card = undefined("parameter 'card' was not provided", name='card')
        if l_1_cond is missing:
            l_1_cond = undefined("parameter 'cond' was not provided", name='cond')
        if l_1_source_grouped is missing:
            l_1_source_grouped = undefined("parameter 'source_grouped' was not provided", name='source_grouped')
        if l_1_dest_grouped is missing:
            l_1_dest_grouped = undefined("parameter 'dest_grouped' was not provided", name='dest_grouped')
        if l_1_as_group is missing:
            l_1_as_group = undefined("parameter 'as_group' was not provided", name='as_group')
        if l_1_place is missing:
            l_1_place = 'top'
        if l_1_other_zone is missing:
            l_1_other_zone = False
        pass
        if (((((l_1_amount == 'all') and l_1_other_zone) and (l_1_place == 'top')) and (not l_1_source_grouped)) and (not l_1_dest_grouped)):
            pass
            t_6.extend((
                str(l_1_dst),
                '.extend(',
                str(l_1_src),
                ')\n',
                str(l_1_src),
                '.clear()\n',
            ))
        else:
            pass
            if (l_1_amount == 'all'):
                pass
                t_6.extend((
                    '_moved = ',
                    str(l_1_src),
                    '[:]\n',
                    str(l_1_src),
                    '.clear()\n',
                ))
            elif (l_1_amount == 'top'):
                pass
                t_6.extend((
                    '_moved = _rt.take_top(',
                    str(l_1_src),
                    ', ',
                    str(l_1_arg),
                    ', ',
                    str(l_1_line),
                    ')\n',
                ))
            elif (l_1_amount == 'middle'):
                pass
                t_6.extend((
                    '_moved = _rt.take_middle(',
                    str(l_1_src),
                    ', ',
                    str(l_1_arg),
                    ', ',
                    str(l_1_line),
                    ')\n',
                ))
            elif (l_1_amount == 'where'):
                pass
                t_6.extend((
                    '_moved = [',
                    str(l_1_card),
                    ' for ',
                    str(l_1_card),
                    ' in ',
                    str(l_1_src),
                    ' if ',
                    str(l_1_cond),
                    ']\n',
                    str(l_1_src),
                    '[:] = [',
                    str(l_1_card),
                    ' for ',
                    str(l_1_card),
                    ' in ',
                    str(l_1_src),
                    ' if not (',
                    str(l_1_cond),
                    ')]\n',
                ))
            else:
                pass
                t_6.extend((
                    '_moved = [_rt.take_card(',
                    str(l_1_src),
                    ', ',
                    str(l_1_arg),
                    ', ',
                    str(l_1_line),
                    ')]\n',
                ))
            if l_1_source_grouped:
                pass
                t_6.append(
                    '_moved = _rt.flat(_moved)\n',
                )
            if (l_1_place == 'bottom'):
                pass
                t_6.extend((
                    '_rt.place_bottom(',
                    str(l_1_dst),
                    ', _moved)\n',
                ))
            elif (l_1_place == 'random'):
                pass
                t_6.extend((
                    '_rt.place_random(',
                    str(l_1_dst),
                    ', _moved, s.rng)\n',
                ))
            elif (not l_1_dest_grouped):
                pass
                t_6.extend((
                    str(l_1_dst),
                    '.extend(_moved)\n',
                ))
                if (l_1_place == 'shuffled'):
                    pass
                    t_6.extend((
                        's.rng.shuffle(',
                        str(l_1_dst),
                        ')\n',
                    ))
            elif l_1_as_group:
                pass
                t_6.extend((
                    str(l_1_dst),
                    '.append(_moved)\n',
                ))
            else:
                pass
                t_6.extend((
                    str(l_1_dst),
                    '.extend([c] for c in _moved)\n',
                ))
        return concat(t_6)
    context.exported_vars.add('move')
    context.vars['move'] = l_0_move = Macro(environment, macro, 'move', ('amount', 'src', 'dst', 'line', 'arg', 'card', 'cond', 'source_grouped', 'dest_grouped', 'as_group', 'place', 'other_zone'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_src, l_1_hands, l_1_count, l_1_start, l_1_line, l_1_seats):
        t_7 = []
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_hands is missing:
            l_1_hands = undefined("parameter 'hands' was not provided", name='hands')
        if l_1_count is missing:
            l_1_count = undefined("parameter 'count' was not provided", name='count')
        if l_1_start is missing:
            l_1_start = undefined("parameter 'start' was not provided", name='start')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_seats is missing:
            l_1_seats = None
        pass
        t_7.extend((
            'if not any(',
            str(l_1_hands),
            '):\n    s.deals += 1\n',
        ))
        if t_2(l_1_seats):
            pass
            t_7.extend((
                '_rt.deal_round_robin(',
                str(l_1_src),
                ', ',
                str(l_1_hands),
                ', ',
                str(l_1_count),
                ', ',
                str(l_1_start),
                ', ',
                str(l_1_line),
                ')\n',
            ))
        else:
            pass
            t_7.extend((
                '_rt.deal_to_seats(',
                str(l_1_src),
                ', ',
                str(l_1_hands),
                ', ',
                str(l_1_seats),
                ', ',
                str(l_1_count),
                ', ',
                str(l_1_line),
                ')\n',
            ))
        return concat(t_7)
    context.exported_vars.add('deal_each')
    context.vars['deal_each'] = l_0_deal_each = Macro(environment, macro, 'deal_each', ('src', 'hands', 'count', 'start', 'line', 'seats'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_src, l_1_hands, l_1_rest, l_1_start, l_1_line, l_1_seats, l_1_record_dealt, l_1_record_rest):
        t_8 = []
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_hands is missing:
            l_1_hands = undefined("parameter 'hands' was not provided", name='hands')
        if l_1_rest is missing:
            l_1_rest = undefined("parameter 'rest' was not provided", name='rest')
        if l_1_start is missing:
            l_1_start = undefined("parameter 'start' was not provided", name='start')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_seats is missing:
            l_1_seats = None
        if l_1_record_dealt is missing:
            l_1_record_dealt = None
        if l_1_record_rest is missing:
            l_1_record_rest = None
        pass
        t_8.extend((
            'if not any(',
            str(l_1_hands),
            '):\n    s.deals += 1\n',
        ))
        if t_2(l_1_seats):
            pass
            t_8.extend((
                '_rt.deal_round_robin(',
                str(l_1_src),
                ', ',
                str(l_1_hands),
                ', len(',
                str(l_1_src),
                ') // s.n, ',
                str(l_1_start),
                ', ',
                str(l_1_line),
                ')\n',
            ))
        else:
            pass
            t_8.extend((
                '_seats = ',
                str(l_1_seats),
                '\n_rt.deal_to_seats(',
                str(l_1_src),
                ', ',
                str(l_1_hands),
                ', _seats, len(',
                str(l_1_src),
                ') // len(_seats), ',
                str(l_1_line),
                ')\n',
            ))
        if (not t_2(l_1_record_dealt)):
            pass
            t_8.extend((
                'if s.recorder is not None:\n    ',
                str(l_1_record_dealt),
                '\n',
            ))
        if ((not t_2(l_1_rest)) and (l_1_rest != l_1_src)):
            pass
            if (not t_2(l_1_record_rest)):
                pass
                t_8.extend((
                    'if s.recorder is not None:\n    ',
                    str(l_1_record_rest),
                    '\n',
                ))
            t_8.extend((
                str(l_1_rest),
                '.extend(',
                str(l_1_src),
                ')\n',
                str(l_1_src),
                '.clear()\n',
            ))
        return concat(t_8)
    context.exported_vars.add('deal_evenly')
    context.vars['deal_evenly'] = l_0_deal_evenly = Macro(environment, macro, 'deal_evenly', ('src', 'hands', 'rest', 'start', 'line', 'seats', 'record_dealt', 'record_rest'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_src, l_1_dst, l_1_count, l_1_line, l_1_triggers, l_1_owner, l_1_guard, l_1_unfired, l_1_record):
        t_9 = []
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        if l_1_count is missing:
            l_1_count = undefined("parameter 'count' was not provided", name='count')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_triggers is missing:
            l_1_triggers = undefined("parameter 'triggers' was not provided", name='triggers')
        if l_1_owner is missing:
            l_1_owner = undefined("parameter 'owner' was not provided", name='owner')
        if l_1_guard is missing:
            l_1_guard = undefined("parameter 'guard' was not provided", name='guard')
        if l_1_unfired is missing:
            l_1_unfired = undefined("parameter 'unfired' was not provided", name='unfired')
        if l_1_record is missing:
            l_1_record = None
        pass
        if (l_1_count == '1'):
            pass
            t_9.extend((
                '_c = ',
                str(l_1_src),
                '.pop() if ',
                str(l_1_src),
                ' else _rt.take_one(',
                str(l_1_src),
                ', ',
                str(l_1_line),
                ')\n',
                str(l_1_dst),
                '.append(_c)\n',
            ))
            if (not t_2(l_1_record)):
                pass
                t_9.extend((
                    'if s.recorder is not None:\n    ',
                    str(l_1_record),
                    '\n',
                ))
            t_9.extend((
                str(context.call((undefined(name='fire') if l_0_fire is missing else l_0_fire), l_1_triggers, l_1_owner, l_1_guard, l_1_unfired)),
                '\n',
            ))
        else:
            pass
            t_9.extend((
                'for _c in _rt.take_top(',
                str(l_1_src),
                ', ',
                str(l_1_count),
                ', ',
                str(l_1_line),
                '):\n    ',
                str(l_1_dst),
                '.append(_c)\n',
            ))
            if (not t_2(l_1_record)):
                pass
                t_9.extend((
                    '    if s.recorder is not None:\n        ',
                    str(l_1_record),
                    '\n',
                ))
            t_9.extend((
                '    ',
                str(t_1(context.call((undefined(name='fire') if l_0_fire is missing else l_0_fire), l_1_triggers, l_1_owner, l_1_guard, l_1_unfired), 4)),
                '\n',
            ))
        return concat(t_9)
    context.exported_vars.add('draw')
    context.vars['draw'] = l_0_draw = Macro(environment, macro, 'draw', ('src', 'dst', 'count', 'line', 'triggers', 'owner', 'guard', 'unfired', 'record'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_triggers, l_1_owner, l_1_guard, l_1_unfired):
        t_10 = []
        if l_1_triggers is missing:
            l_1_triggers = undefined("parameter 'triggers' was not provided", name='triggers')
        if l_1_owner is missing:
            l_1_owner = undefined("parameter 'owner' was not provided", name='owner')
        if l_1_guard is missing:
            l_1_guard = undefined("parameter 'guard' was not provided", name='guard')
        if l_1_unfired is missing:
            l_1_unfired = undefined("parameter 'unfired' was not provided", name='unfired')
        pass
        if l_1_guard:
            pass
            t_10.extend((
                'if ',
                str(l_1_guard),
                '[_c]:\n',
            ))
            for l_2_trigger in l_1_triggers:
                _loop_vars = {}
                pass
                t_10.extend((
                    '    ',
                    str(l_2_trigger),
                    '(s, _c, ',
                    str(l_1_owner),
                    ')\n',
                ))
            l_2_trigger = missing
            t_10.append(
                'else:\n',
            )
            for (l_2_name, l_2_value) in l_1_unfired:
                _loop_vars = {}
                pass
                t_10.extend((
                    '    s.',
                    str(l_2_name),
                    ' = ',
                    str(l_2_value),
                    '\n',
                ))
            l_2_name = l_2_value = missing
        else:
            pass
            for l_2_trigger in l_1_triggers:
                _loop_vars = {}
                pass
                t_10.extend((
                    str(l_2_trigger),
                    '(s, _c, ',
                    str(l_1_owner),
                    ')\n',
                ))
            l_2_trigger = missing
        return concat(t_10)
    context.exported_vars.add('fire')
    context.vars['fire'] = l_0_fire = Macro(environment, macro, 'fire', ('triggers', 'owner', 'guard', 'unfired'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_zones, l_1_dest):
        t_11 = []
        if l_1_zones is missing:
            l_1_zones = undefined("parameter 'zones' was not provided", name='zones')
        if l_1_dest is missing:
            l_1_dest = undefined("parameter 'dest' was not provided", name='dest')
        pass
        for (l_2_field, l_2_per_player) in l_1_zones:
            _loop_vars = {}
            pass
            if l_2_per_player:
                pass
                t_11.extend((
                    'for _z in s.',
                    str(l_2_field),
                    ':\n    _z.clear()\n',
                ))
            else:
                pass
                t_11.extend((
                    's.',
                    str(l_2_field),
                    '.clear()\n',
                ))
        l_2_field = l_2_per_player = missing
        t_11.extend((
            str(l_1_dest),
            '.extend(s.cards)\n',
        ))
        return concat(t_11)
    context.exported_vars.add('gather')
    context.vars['gather'] = l_0_gather = Macro(environment, macro, 'gather', ('zones', 'dest'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_target, l_1_op, l_1_value):
        t_12 = []
        if l_1_target is missing:
            l_1_target = undefined("parameter 'target' was not provided", name='target')
        if l_1_op is missing:
            l_1_op = undefined("parameter 'op' was not provided", name='op')
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        pass
        t_12.extend((
            str(l_1_target),
            ' ',
            str(l_1_op),
            ' ',
            str(l_1_value),
            '\n',
        ))
        return concat(t_12)
    context.exported_vars.add('assign')
    context.vars['assign'] = l_0_assign = Macro(environment, macro, 'assign', ('target', 'op', 'value'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro():
        t_13 = []
        pass
        t_13.append(
            'return s._finish()\n',
        )
        return concat(t_13)
    context.exported_vars.add('end_game')
    context.vars['end_game'] = l_0_end_game = Macro(environment, macro, 'end_game', (), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_message):
        t_14 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_message is missing:
            l_1_message = undefined("parameter 'message' was not provided", name='message')
        pass
        t_14.extend((
            "_rt.gap('rule-gap', ",
            str(l_1_line),
            ', ',
            str(l_1_message),
            ')\n',
        ))
        return concat(t_14)
    context.exported_vars.add('gap')
    context.vars['gap'] = l_0_gap = Macro(environment, macro, 'gap', ('line', 'message'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_index):
        t_15 = []
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        pass
        t_15.extend((
            's.hits[',
            str(l_1_index),
            '] += 1\n',
        ))
        return concat(t_15)
    context.exported_vars.add('hit')
    context.vars['hit'] = l_0_hit = Macro(environment, macro, 'hit', ('index',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_counter, l_1_line, l_1_limit):
        t_16 = []
        if l_1_counter is missing:
            l_1_counter = undefined("parameter 'counter' was not provided", name='counter')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_limit is missing:
            l_1_limit = undefined("parameter 'limit' was not provided", name='limit')
        pass
        t_16.extend((
            str(l_1_counter),
            ' += 1\nif ',
            str(l_1_counter),
            ' > ',
            str(l_1_limit),
            ":\n    _rt.gap('non-termination', ",
            str(l_1_line),
            ", 'this loop never reaches its end')\n",
        ))
        return concat(t_16)
    context.exported_vars.add('guard')
    context.vars['guard'] = l_0_guard = Macro(environment, macro, 'guard', ('counter', 'line', 'limit'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_branches, l_1_otherwise):
        t_17 = []
        if l_1_branches is missing:
            l_1_branches = undefined("parameter 'branches' was not provided", name='branches')
        if l_1_otherwise is missing:
            l_1_otherwise = undefined("parameter 'otherwise' was not provided", name='otherwise')
        pass
        l_2_loop = missing
        for (l_2_cond, l_2_body), l_2_loop in LoopContext(l_1_branches, undefined):
            _loop_vars = {}
            pass
            t_17.extend((
                str(('if' if environment.getattr(l_2_loop, 'first') else 'elif')),
                ' ',
                str(l_2_cond),
                ':\n',
                str(t_1(l_2_body, 4, first=True)),
                '\n',
            ))
        l_2_loop = l_2_cond = l_2_body = missing
        if (not t_2(l_1_otherwise)):
            pass
            t_17.extend((
                'else:\n',
                str(t_1(l_1_otherwise, 4, first=True)),
                '\n',
            ))
        return concat(t_17)
    context.exported_vars.add('if_')
    context.vars['if_'] = l_0_if_ = Macro(environment, macro, 'if_', ('branches', 'otherwise'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_counter, l_1_body, l_1_until, l_1_line, l_1_limit):
        t_18 = []
        if l_1_counter is missing:
            l_1_counter = undefined("parameter 'counter' was not provided", name='counter')
        if l_1_body is missing:
            l_1_body = undefined("parameter 'body' was not provided", name='body')
        if l_1_until is missing:
            l_1_until = undefined("parameter 'until' was not provided", name='until')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_limit is missing:
            l_1_limit = undefined("parameter 'limit' was not provided", name='limit')
        pass
        t_18.extend((
            str(l_1_counter),
            ' = 0\nwhile True:\n',
            str(t_1(l_1_body, 4, first=True)),
            '\n    if ',
            str(l_1_until),
            ':\n        break\n',
            str(t_1(context.call((undefined(name='guard') if l_0_guard is missing else l_0_guard), l_1_counter, l_1_line, l_1_limit), 4, first=True)),
            '\n',
        ))
        return concat(t_18)
    context.exported_vars.add('repeat')
    context.vars['repeat'] = l_0_repeat = Macro(environment, macro, 'repeat', ('counter', 'body', 'until', 'line', 'limit'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_counter, l_1_cond, l_1_body, l_1_line, l_1_limit):
        t_19 = []
        if l_1_counter is missing:
            l_1_counter = undefined("parameter 'counter' was not provided", name='counter')
        if l_1_cond is missing:
            l_1_cond = undefined("parameter 'cond' was not provided", name='cond')
        if l_1_body is missing:
            l_1_body = undefined("parameter 'body' was not provided", name='body')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_limit is missing:
            l_1_limit = undefined("parameter 'limit' was not provided", name='limit')
        pass
        t_19.extend((
            str(l_1_counter),
            ' = 0\nwhile ',
            str(l_1_cond),
            ':\n',
            str(t_1(context.call((undefined(name='guard') if l_0_guard is missing else l_0_guard), l_1_counter, l_1_line, l_1_limit), 4, first=True)),
            '\n',
            str(t_1(l_1_body, 4, first=True)),
            '\n',
        ))
        return concat(t_19)
    context.exported_vars.add('while_')
    context.vars['while_'] = l_0_while_ = Macro(environment, macro, 'while_', ('counter', 'cond', 'body', 'line', 'limit'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_var, l_1_seats, l_1_cond, l_1_key, l_1_top, l_1_chosen, l_1_value, l_1_better):
        t_20 = []
        if l_1_var is missing:
            l_1_var = undefined("parameter 'var' was not provided", name='var')
        if l_1_seats is missing:
            l_1_seats = undefined("parameter 'seats' was not provided", name='seats')
        if l_1_cond is missing:
            l_1_cond = undefined("parameter 'cond' was not provided", name='cond')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        if l_1_top is missing:
            l_1_top = undefined("parameter 'top' was not provided", name='top')
        if l_1_chosen is missing:
            l_1_chosen = undefined("parameter 'chosen' was not provided", name='chosen')
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        if l_1_better is missing:
            l_1_better = undefined("parameter 'better' was not provided", name='better')
        pass
        t_20.extend((
            str(l_1_top),
            ', ',
            str(l_1_chosen),
            ' = None, []\nfor ',
            str(l_1_var),
            ' in ',
            str(l_1_seats),
            ':\n',
        ))
        if (not t_2(l_1_cond)):
            pass
            t_20.extend((
                '    if not (',
                str(l_1_cond),
                '):\n        continue\n',
            ))
        t_20.extend((
            '    ',
            str(l_1_value),
            ' = ',
            str(l_1_key),
            '\n    if not ',
            str(l_1_chosen),
            ' or ',
            str(l_1_value),
            ' ',
            str(l_1_better),
            ' ',
            str(l_1_top),
            ':\n        ',
            str(l_1_top),
            ', ',
            str(l_1_chosen),
            ' = ',
            str(l_1_value),
            ', [',
            str(l_1_var),
            ']\n    elif ',
            str(l_1_value),
            ' == ',
            str(l_1_top),
            ':\n        ',
            str(l_1_chosen),
            '.append(',
            str(l_1_var),
            ')\n',
        ))
        return concat(t_20)
    context.exported_vars.add('extreme_seats')
    context.vars['extreme_seats'] = l_0_extreme_seats = Macro(environment, macro, 'extreme_seats', ('var', 'seats', 'cond', 'key', 'top', 'chosen', 'value', 'better'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_var, l_1_items, l_1_local, l_1_skip, l_1_body, l_1_kept):
        t_21 = []
        l_1_before = resolve('before')
        l_1_after = resolve('after')
        if l_1_var is missing:
            l_1_var = undefined("parameter 'var' was not provided", name='var')
        if l_1_items is missing:
            l_1_items = undefined("parameter 'items' was not provided", name='items')
        if l_1_local is missing:
            l_1_local = undefined("parameter 'local' was not provided", name='local')
        if l_1_skip is missing:
            l_1_skip = undefined("parameter 'skip' was not provided", name='skip')
        if l_1_body is missing:
            l_1_body = undefined("parameter 'body' was not provided", name='body')
        if l_1_kept is missing:
            l_1_kept = None
        pass
        if (not t_2(l_1_kept)):
            pass
            (l_1_before, l_1_skip, l_1_body, l_1_after) = l_1_kept
            t_21.extend((
                str((undefined(name='before') if l_1_before is missing else l_1_before)),
                '\nfor ',
                str(l_1_var),
                ' in ',
                str(l_1_items),
                ':\n',
            ))
        else:
            pass
            t_21.extend((
                'for ',
                str(l_1_var),
                ' in ',
                str(l_1_items),
                ':\n',
            ))
            if (not t_2(l_1_local)):
                pass
                t_21.extend((
                    '    s.',
                    str(l_1_local),
                    ' = ',
                    str(l_1_var),
                    '\n',
                ))
        if (not t_2(l_1_skip)):
            pass
            t_21.extend((
                '    if ',
                str(l_1_skip),
                ':\n        continue\n',
            ))
        t_21.extend((
            str(t_1(l_1_body, 4, first=True)),
            '\n',
        ))
        if (not t_2(l_1_kept)):
            pass
            t_21.extend((
                str((undefined(name='after') if l_1_after is missing else l_1_after)),
                '\n',
            ))
        return concat(t_21)
    context.exported_vars.add('for_')
    context.vars['for_'] = l_0_for_ = Macro(environment, macro, 'for_', ('var', 'items', 'local', 'skip', 'body', 'kept'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '4=24&5=31&9=37&10=48&11=50&12=53&13=57&18=64&19=71&24=77&25=104&26=107&27=111&29=116&30=120&31=122&32=125&33=129&34=136&35=140&36=147&37=151&38=159&40=174&42=181&45=186&46=190&47=193&48=197&49=200&50=203&51=206&52=210&54=213&55=216&57=222&64=228&65=245&67=248&68=252&70=267&76=281&77=302&79=305&80=309&82=324&83=326&85=335&87=339&89=342&90=344&92=348&94=352&95=356&103=362&104=383&105=387&106=395&107=398&109=402&111=406&113=413&114=419&115=422&117=426&119=431&123=438&124=449&125=453&126=456&127=461&130=470&131=475&134=483&135=487&140=497&141=504&142=507&143=511&146=518&149=523&152=530&153=540&156=551&160=561&161=570&164=579&165=586&169=592&170=602&171=604&172=608&175=615&176=623&177=627&178=631&180=635&182=639&186=646&187=660&189=662&190=664&192=666&195=673&196=687&197=689&198=691&199=693&205=699&206=719&207=723&208=728&209=732&212=737&213=741&214=749&215=757&216=761&220=769&221=786&222=788&223=790&224=792&226=801&227=806&228=810&231=815&232=819&235=823&236=826&237=829'
