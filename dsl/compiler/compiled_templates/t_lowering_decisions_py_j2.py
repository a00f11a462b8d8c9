# Compiled from templates/lowering/decisions.py.j2 by `python -m dsl.compiler.write_templates --write`: do not edit.
FINGERPRINT = 'dce41f755c006f0d4bc956a8cda7b7b466fb0f2bf495aa55162837a1833d227f'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'lowering/decisions.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_if_tests = l_0_goto = l_0_loop_back = l_0_exit_if = l_0_for_start = l_0_for_next = l_0_suspend = l_0_legal_cards = l_0_legal_loop = l_0_choose_card_taken = l_0_choose_cards_start = l_0_choose_cards_taken = l_0_choose_cards_held = l_0_deliver_held = l_0_bid_legal = l_0_value_legal = l_0_value_taken = l_0_option_with_suit_taken = missing
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
    def macro(l_1_tests, l_1_otherwise, l_1_jump):
        t_3 = []
        if l_1_tests is missing:
            l_1_tests = undefined("parameter 'tests' was not provided", name='tests')
        if l_1_otherwise is missing:
            l_1_otherwise = undefined("parameter 'otherwise' was not provided", name='otherwise')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        for (l_2_cond, l_2_target) in l_1_tests:
            _loop_vars = {}
            pass
            t_3.extend((
                'if ',
                str(l_2_cond),
                ':\n    ',
                str(context.call(l_1_jump, l_2_target, _loop_vars=_loop_vars)),
                '\n',
            ))
        l_2_cond = l_2_target = missing
        t_3.extend((
            str(context.call(l_1_jump, l_1_otherwise)),
            '\n',
        ))
        return concat(t_3)
    context.exported_vars.add('if_tests')
    context.vars['if_tests'] = l_0_if_tests = Macro(environment, macro, 'if_tests', ('tests', 'otherwise', 'jump'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_target, l_1_jump):
        t_4 = []
        if l_1_target is missing:
            l_1_target = undefined("parameter 'target' was not provided", name='target')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_4.extend((
            str(context.call(l_1_jump, l_1_target)),
            '\n',
        ))
        return concat(t_4)
    context.exported_vars.add('goto')
    context.vars['goto'] = l_0_goto = Macro(environment, macro, 'goto', ('target', 'jump'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_stop, l_1_back, l_1_after, l_1_jump):
        t_5 = []
        if l_1_stop is missing:
            l_1_stop = undefined("parameter 'stop' was not provided", name='stop')
        if l_1_back is missing:
            l_1_back = undefined("parameter 'back' was not provided", name='back')
        if l_1_after is missing:
            l_1_after = undefined("parameter 'after' was not provided", name='after')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_5.extend((
            'if ',
            str(l_1_stop),
            ':\n    ',
            str(context.call(l_1_jump, l_1_back)),
            '\n',
            str(context.call(l_1_jump, l_1_after)),
            '\n',
        ))
        return concat(t_5)
    context.exported_vars.add('loop_back')
    context.vars['loop_back'] = l_0_loop_back = Macro(environment, macro, 'loop_back', ('stop', 'back', 'after', 'jump'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_cond, l_1_after, l_1_jump):
        t_6 = []
        if l_1_cond is missing:
            l_1_cond = undefined("parameter 'cond' was not provided", name='cond')
        if l_1_after is missing:
            l_1_after = undefined("parameter 'after' was not provided", name='after')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_6.extend((
            'if ',
            str(l_1_cond),
            ':\n    ',
            str(context.call(l_1_jump, l_1_after)),
            '\n',
        ))
        return concat(t_6)
    context.exported_vars.add('exit_if')
    context.vars['exit_if'] = l_0_exit_if = Macro(environment, macro, 'exit_if', ('cond', 'after', 'jump'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_items, l_1_index, l_1_items_code, l_1_check, l_1_jump):
        t_7 = []
        if l_1_items is missing:
            l_1_items = undefined("parameter 'items' was not provided", name='items')
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        if l_1_items_code is missing:
            l_1_items_code = undefined("parameter 'items_code' was not provided", name='items_code')
        if l_1_check is missing:
            l_1_check = undefined("parameter 'check' was not provided", name='check')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_7.extend((
            's.',
            str(l_1_items),
            ' = ',
            str(l_1_items_code),
            '\ns.',
            str(l_1_index),
            ' = 0\n',
            str(context.call(l_1_jump, l_1_check)),
            '\n',
        ))
        return concat(t_7)
    context.exported_vars.add('for_start')
    context.vars['for_start'] = l_0_for_start = Macro(environment, macro, 'for_start', ('items', 'index', 'items_code', 'check', 'jump'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_items, l_1_index, l_1_local, l_1_skip, l_1_check, l_1_after, l_1_jump):
        t_8 = []
        if l_1_items is missing:
            l_1_items = undefined("parameter 'items' was not provided", name='items')
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        if l_1_local is missing:
            l_1_local = undefined("parameter 'local' was not provided", name='local')
        if l_1_skip is missing:
            l_1_skip = undefined("parameter 'skip' was not provided", name='skip')
        if l_1_check is missing:
            l_1_check = undefined("parameter 'check' was not provided", name='check')
        if l_1_after is missing:
            l_1_after = undefined("parameter 'after' was not provided", name='after')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_8.extend((
            'if s.',
            str(l_1_index),
            ' >= len(s.',
            str(l_1_items),
            '):\n    ',
            str(context.call(l_1_jump, l_1_after)),
            '\n',
        ))
        if (not t_2(l_1_local)):
            pass
            t_8.extend((
                's.',
                str(l_1_local),
                ' = s.',
                str(l_1_items),
                '[s.',
                str(l_1_index),
                ']\n',
            ))
        t_8.extend((
            's.',
            str(l_1_index),
            ' += 1\n',
        ))
        if (not t_2(l_1_skip)):
            pass
            t_8.extend((
                'if ',
                str(l_1_skip),
                ':\n    ',
                str(context.call(l_1_jump, l_1_check)),
                '\n',
            ))
        return concat(t_8)
    context.exported_vars.add('for_next')
    context.vars['for_next'] = l_0_for_next = Macro(environment, macro, 'for_next', ('items', 'index', 'local', 'skip', 'check', 'after', 'jump'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_who, l_1_legal, l_1_resume, l_1_line, l_1_then, l_1_stored):
        t_9 = []
        if l_1_who is missing:
            l_1_who = undefined("parameter 'who' was not provided", name='who')
        if l_1_legal is missing:
            l_1_legal = undefined("parameter 'legal' was not provided", name='legal')
        if l_1_resume is missing:
            l_1_resume = undefined("parameter 'resume' was not provided", name='resume')
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_then is missing:
            l_1_then = undefined("parameter 'then' was not provided", name='then')
        if l_1_stored is missing:
            l_1_stored = False
        pass
        if l_1_stored:
            pass
            t_9.extend((
                's.cur, s.legal, s.pc, s.asked_at = ',
                str(l_1_who),
                ', ',
                str(l_1_legal),
                ', ',
                str(l_1_resume),
                ', ',
                str(l_1_line),
                '\nreturn -1  # then ',
                str(l_1_then),
                '\n',
            ))
        else:
            pass
            t_9.extend((
                'return s._decide(',
                str(l_1_who),
                ', ',
                str(l_1_legal),
                ', ',
                str(l_1_resume),
                ', ',
                str(l_1_line),
                ')  # then ',
                str(l_1_then),
                '\n',
            ))
        return concat(t_9)
    context.exported_vars.add('suspend')
    context.vars['suspend'] = l_0_suspend = Macro(environment, macro, 'suspend', ('who', 'legal', 'resume', 'line', 'then', 'stored'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_zone, l_1_head, l_1_tests, l_1_else_any, l_1_reads):
        t_10 = []
        if l_1_zone is missing:
            l_1_zone = undefined("parameter 'zone' was not provided", name='zone')
        if l_1_head is missing:
            l_1_head = undefined("parameter 'head' was not provided", name='head')
        if l_1_tests is missing:
            l_1_tests = undefined("parameter 'tests' was not provided", name='tests')
        if l_1_else_any is missing:
            l_1_else_any = undefined("parameter 'else_any' was not provided", name='else_any')
        if l_1_reads is missing:
            l_1_reads = undefined("parameter 'reads' was not provided", name='reads')
        pass
        for (l_2_name, l_2_value) in l_1_reads:
            _loop_vars = {}
            pass
            t_10.extend((
                str(l_2_name),
                ' = ',
                str(l_2_value),
                '\n',
            ))
        l_2_name = l_2_value = missing
        if (not l_1_tests):
            pass
            t_10.extend((
                '_legal = list(',
                str(l_1_zone),
                ')\n',
            ))
        else:
            pass
            l_2_loop = missing
            for (l_2_card, l_2_test), l_2_loop in LoopContext(l_1_tests, undefined):
                _loop_vars = {}
                pass
                if environment.getattr(l_2_loop, 'first'):
                    pass
                    t_10.extend((
                        str(context.call((undefined(name='legal_loop') if l_0_legal_loop is missing else l_0_legal_loop), l_2_card, l_2_test, l_1_head, _loop_vars=_loop_vars)),
                        '\n',
                    ))
                else:
                    pass
                    t_10.extend((
                        'if not _legal:\n    ',
                        str(t_1(context.call((undefined(name='legal_loop') if l_0_legal_loop is missing else l_0_legal_loop), l_2_card, l_2_test, l_1_head, _loop_vars=_loop_vars), 4)),
                        '\n',
                    ))
            l_2_loop = l_2_card = l_2_test = missing
            if l_1_else_any:
                pass
                t_10.extend((
                    'if not _legal:\n    _legal = list(',
                    str(l_1_zone),
                    ')\n',
                ))
        return concat(t_10)
    context.exported_vars.add('legal_cards')
    context.vars['legal_cards'] = l_0_legal_cards = Macro(environment, macro, 'legal_cards', ('zone', 'head', 'tests', 'else_any', 'reads'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_card, l_1_test, l_1_zone):
        t_11 = []
        if l_1_card is missing:
            l_1_card = undefined("parameter 'card' was not provided", name='card')
        if l_1_test is missing:
            l_1_test = undefined("parameter 'test' was not provided", name='test')
        if l_1_zone is missing:
            l_1_zone = undefined("parameter 'zone' was not provided", name='zone')
        pass
        t_11.extend((
            '_legal = []\nfor ',
            str(l_1_card),
            ' in ',
            str(l_1_zone),
            ':\n    if ',
            str(l_1_test),
            ':\n        _legal.append(',
            str(l_1_card),
            ')\n',
        ))
        return concat(t_11)
    context.exported_vars.add('legal_loop')
    context.vars['legal_loop'] = l_0_legal_loop = Macro(environment, macro, 'legal_loop', ('card', 'test', 'zone'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_local):
        t_12 = []
        if l_1_local is missing:
            l_1_local = undefined("parameter 'local' was not provided", name='local')
        pass
        t_12.extend((
            's.',
            str(l_1_local),
            ' = s.choice\n',
        ))
        return concat(t_12)
    context.exported_vars.add('choose_card_taken')
    context.vars['choose_card_taken'] = l_0_choose_card_taken = Macro(environment, macro, 'choose_card_taken', ('local',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_left, l_1_count, l_1_src, l_1_pick, l_1_jump):
        t_13 = []
        if l_1_left is missing:
            l_1_left = undefined("parameter 'left' was not provided", name='left')
        if l_1_count is missing:
            l_1_count = undefined("parameter 'count' was not provided", name='count')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_pick is missing:
            l_1_pick = undefined("parameter 'pick' was not provided", name='pick')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_13.extend((
            's.',
            str(l_1_left),
            ' = min(',
            str(l_1_count),
            ', len(',
            str(l_1_src),
            '))\n',
            str(context.call(l_1_jump, l_1_pick)),
            '\n',
        ))
        return concat(t_13)
    context.exported_vars.add('choose_cards_start')
    context.vars['choose_cards_start'] = l_0_choose_cards_start = Macro(environment, macro, 'choose_cards_start', ('left', 'count', 'src', 'pick', 'jump'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_left, l_1_src, l_1_dst, l_1_pick, l_1_jump, l_1_record):
        t_14 = []
        if l_1_left is missing:
            l_1_left = undefined("parameter 'left' was not provided", name='left')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        if l_1_pick is missing:
            l_1_pick = undefined("parameter 'pick' was not provided", name='pick')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        if l_1_record is missing:
            l_1_record = None
        pass
        t_14.extend((
            str(l_1_src),
            '.remove(s.choice)\n',
            str(l_1_dst),
            '.append(s.choice)\n',
        ))
        if (not t_2(l_1_record)):
            pass
            t_14.extend((
                'if s.recorder is not None:\n    ',
                str(l_1_record),
                '\n',
            ))
        t_14.extend((
            's.',
            str(l_1_left),
            ' -= 1\n',
            str(context.call(l_1_jump, l_1_pick)),
            '\n',
        ))
        return concat(t_14)
    context.exported_vars.add('choose_cards_taken')
    context.vars['choose_cards_taken'] = l_0_choose_cards_taken = Macro(environment, macro, 'choose_cards_taken', ('left', 'src', 'dst', 'pick', 'jump', 'record'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_left, l_1_src, l_1_held, l_1_owner, l_1_pick, l_1_jump):
        t_15 = []
        if l_1_left is missing:
            l_1_left = undefined("parameter 'left' was not provided", name='left')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_held is missing:
            l_1_held = undefined("parameter 'held' was not provided", name='held')
        if l_1_owner is missing:
            l_1_owner = undefined("parameter 'owner' was not provided", name='owner')
        if l_1_pick is missing:
            l_1_pick = undefined("parameter 'pick' was not provided", name='pick')
        if l_1_jump is missing:
            l_1_jump = undefined("parameter 'jump' was not provided", name='jump')
        pass
        t_15.extend((
            str(l_1_src),
            '.remove(s.choice)\n_rt.hold_back(s.',
            str(l_1_held),
            ', s.choice, ',
            str(l_1_owner),
            ', s.cur)\ns.',
            str(l_1_left),
            ' -= 1\n',
            str(context.call(l_1_jump, l_1_pick)),
            '\n',
        ))
        return concat(t_15)
    context.exported_vars.add('choose_cards_held')
    context.vars['choose_cards_held'] = l_0_choose_cards_held = Macro(environment, macro, 'choose_cards_held', ('left', 'src', 'held', 'owner', 'pick', 'jump'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_held, l_1_dest, l_1_per_player, l_1_record):
        t_16 = []
        if l_1_held is missing:
            l_1_held = undefined("parameter 'held' was not provided", name='held')
        if l_1_dest is missing:
            l_1_dest = undefined("parameter 'dest' was not provided", name='dest')
        if l_1_per_player is missing:
            l_1_per_player = undefined("parameter 'per_player' was not provided", name='per_player')
        if l_1_record is missing:
            l_1_record = None
        pass
        if (not t_2(l_1_record)):
            pass
            t_16.extend((
                'if s.recorder is not None:\n    ',
                str(l_1_record),
                '\n',
            ))
        t_16.extend((
            'for _c, _o, _by in s.',
            str(l_1_held),
            ':\n',
        ))
        if l_1_per_player:
            pass
            t_16.extend((
                '    ',
                str(l_1_dest),
                '[_o].append(_c)\n',
            ))
        else:
            pass
            t_16.extend((
                '    ',
                str(l_1_dest),
                '.append(_c)\n',
            ))
        t_16.extend((
            's.',
            str(l_1_held),
            ' = []\n',
        ))
        return concat(t_16)
    context.exported_vars.add('deliver_held')
    context.vars['deliver_held'] = l_0_deliver_held = Macro(environment, macro, 'deliver_held', ('held', 'dest', 'per_player', 'record'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_base, l_1_low, l_1_high, l_1_step, l_1_pass_action, l_1_exclude):
        t_17 = []
        if l_1_base is missing:
            l_1_base = undefined("parameter 'base' was not provided", name='base')
        if l_1_low is missing:
            l_1_low = undefined("parameter 'low' was not provided", name='low')
        if l_1_high is missing:
            l_1_high = undefined("parameter 'high' was not provided", name='high')
        if l_1_step is missing:
            l_1_step = undefined("parameter 'step' was not provided", name='step')
        if l_1_pass_action is missing:
            l_1_pass_action = undefined("parameter 'pass_action' was not provided", name='pass_action')
        if l_1_exclude is missing:
            l_1_exclude = undefined("parameter 'exclude' was not provided", name='exclude')
        pass
        if t_2(l_1_exclude):
            pass
            t_17.extend((
                '_legal = [',
                str(l_1_base),
                ' + _a for _a in range(',
                str(l_1_low),
                ', (',
                str(l_1_high),
                ') + 1, max(1, ',
                str(l_1_step),
                ')) if _a >= 0]\n',
            ))
        else:
            pass
            t_17.extend((
                '_not = ',
                str(l_1_exclude),
                '\n_legal = [',
                str(l_1_base),
                ' + _a for _a in range(',
                str(l_1_low),
                ', (',
                str(l_1_high),
                ') + 1, max(1, ',
                str(l_1_step),
                ')) if _a >= 0 and _a != _not]\n',
            ))
        if (not t_2(l_1_pass_action)):
            pass
            t_17.extend((
                '_legal.append(',
                str(l_1_pass_action),
                ')\n',
            ))
        return concat(t_17)
    context.exported_vars.add('bid_legal')
    context.vars['bid_legal'] = l_0_bid_legal = Macro(environment, macro, 'bid_legal', ('base', 'low', 'high', 'step', 'pass_action', 'exclude'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_base, l_1_value, l_1_values, l_1_cond):
        t_18 = []
        if l_1_base is missing:
            l_1_base = undefined("parameter 'base' was not provided", name='base')
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        if l_1_values is missing:
            l_1_values = undefined("parameter 'values' was not provided", name='values')
        if l_1_cond is missing:
            l_1_cond = undefined("parameter 'cond' was not provided", name='cond')
        pass
        t_18.extend((
            '_legal = [',
            str(l_1_base),
            ' + ',
            str(l_1_value),
            ' for ',
            str(l_1_value),
            ' in ',
            str(l_1_values),
        ))
        if (not t_2(l_1_cond)):
            pass
            t_18.extend((
                ' if ',
                str(l_1_cond),
            ))
        t_18.append(
            ']\n',
        )
        return concat(t_18)
    context.exported_vars.add('value_legal')
    context.vars['value_legal'] = l_0_value_legal = Macro(environment, macro, 'value_legal', ('base', 'value', 'values', 'cond'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_local, l_1_base):
        t_19 = []
        if l_1_local is missing:
            l_1_local = undefined("parameter 'local' was not provided", name='local')
        if l_1_base is missing:
            l_1_base = undefined("parameter 'base' was not provided", name='base')
        pass
        t_19.extend((
            's.',
            str(l_1_local),
            ' = s.choice - ',
            str(l_1_base),
            '\n',
        ))
        return concat(t_19)
    context.exported_vars.add('value_taken')
    context.vars['value_taken'] = l_0_value_taken = Macro(environment, macro, 'value_taken', ('local', 'base'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_target, l_1_suit_target, l_1_option_base, l_1_suited_base, l_1_suited):
        t_20 = []
        if l_1_target is missing:
            l_1_target = undefined("parameter 'target' was not provided", name='target')
        if l_1_suit_target is missing:
            l_1_suit_target = undefined("parameter 'suit_target' was not provided", name='suit_target')
        if l_1_option_base is missing:
            l_1_option_base = undefined("parameter 'option_base' was not provided", name='option_base')
        if l_1_suited_base is missing:
            l_1_suited_base = undefined("parameter 'suited_base' was not provided", name='suited_base')
        if l_1_suited is missing:
            l_1_suited = undefined("parameter 'suited' was not provided", name='suited')
        pass
        t_20.extend((
            'if s.choice >= ',
            str(l_1_suited_base),
            ':\n    ',
            str(l_1_target),
            ' = ',
            str(l_1_suited),
            '[(s.choice - ',
            str(l_1_suited_base),
            ') // 4]\n    ',
            str(l_1_suit_target),
            ' = (s.choice - ',
            str(l_1_suited_base),
            ') % 4\nelse:\n    ',
            str(l_1_target),
            ' = s.choice - ',
            str(l_1_option_base),
            '\n    ',
            str(l_1_suit_target),
            ' = None\n',
        ))
        return concat(t_20)
    context.exported_vars.add('option_with_suit_taken')
    context.vars['option_with_suit_taken'] = l_0_option_with_suit_taken = Macro(environment, macro, 'option_with_suit_taken', ('target', 'suit_target', 'option_base', 'suited_base', 'suited'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=24&6=33&7=38&8=40&10=45&13=52&14=60&18=66&19=79&20=81&21=83&24=90&25=101&26=103&30=109&31=124&32=128&33=130&36=137&37=156&38=160&39=163&40=167&42=176&43=179&44=183&45=185&52=191&53=206&54=210&55=218&57=225&63=239&64=252&65=256&67=262&68=266&72=272&73=275&74=278&77=285&80=289&82=293&87=300&89=311&90=315&91=317&94=324&95=331&99=337&100=352&101=358&106=364&107=380&108=382&109=385&111=389&113=394&114=396&119=402&120=418&121=420&122=424&123=426&126=433&127=444&129=448&131=453&132=456&133=460&135=467&137=472&140=479&141=494&142=498&144=511&145=513&147=522&148=526&153=532&154=545&157=566&158=575&162=583&163=598&164=600&165=606&167=610&168=614'
