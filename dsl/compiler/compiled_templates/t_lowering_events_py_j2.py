# Compiled from templates/lowering/events.py.j2 by `python -m dsl.compiler.write_templates --write`: do not edit.
FINGERPRINT = 'fe2d32b28f0842a893cd99b94ecd3b2cd0c1164980d6fad0e82c622c60f3bb0c'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'lowering/events.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_recorded = l_0_move = l_0_shuffle = l_0_deal_before = l_0_deal_after = l_0_draw = l_0_gather = l_0_set = l_0_decision = l_0_play = l_0_trick_end = l_0_held = missing
    try:
        t_1 = environment.filters['pyrepr']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'pyrepr' found.")
    try:
        t_2 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    def macro(l_1_call):
        t_3 = []
        if l_1_call is missing:
            l_1_call = undefined("parameter 'call' was not provided", name='call')
        pass
        t_3.extend((
            'if s.recorder is not None:\n    ',
            str(l_1_call),
            '\n',
        ))
        return concat(t_3)
    context.exported_vars.add('recorded')
    context.vars['recorded'] = l_0_recorded = Macro(environment, macro, 'recorded', ('call',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_line, l_1_src, l_1_src_owner, l_1_dst, l_1_dst_owner, l_1_cards, l_1_kind):
        t_4 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_src_owner is missing:
            l_1_src_owner = undefined("parameter 'src_owner' was not provided", name='src_owner')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        if l_1_dst_owner is missing:
            l_1_dst_owner = undefined("parameter 'dst_owner' was not provided", name='dst_owner')
        if l_1_cards is missing:
            l_1_cards = undefined("parameter 'cards' was not provided", name='cards')
        if l_1_kind is missing:
            l_1_kind = None
        pass
        t_4.extend((
            '_rt.record_move(s, ',
            str(l_1_line),
            ', ',
            str(l_1_src),
            ', ',
            str(l_1_src_owner),
            ', ',
            str(l_1_dst),
            ', ',
            str(l_1_dst_owner),
            ', ',
            str(l_1_cards),
        ))
        if (not t_2(l_1_kind)):
            pass
            t_4.extend((
                ', ',
                str(t_1(l_1_kind)),
            ))
        t_4.append(
            ')',
        )
        return concat(t_4)
    context.exported_vars.add('move')
    context.vars['move'] = l_0_move = Macro(environment, macro, 'move', ('line', 'src', 'src_owner', 'dst', 'dst_owner', 'cards', 'kind'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_zone, l_1_owner):
        t_5 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_zone is missing:
            l_1_zone = undefined("parameter 'zone' was not provided", name='zone')
        if l_1_owner is missing:
            l_1_owner = undefined("parameter 'owner' was not provided", name='owner')
        pass
        t_5.extend((
            '_rt.record_shuffle(s, ',
            str(l_1_line),
            ', ',
            str(l_1_zone),
            ', ',
            str(l_1_owner),
            ')',
        ))
        return concat(t_5)
    context.exported_vars.add('shuffle')
    context.vars['shuffle'] = l_0_shuffle = Macro(environment, macro, 'shuffle', ('line', 'zone', 'owner'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_line, l_1_hands):
        t_6 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_hands is missing:
            l_1_hands = undefined("parameter 'hands' was not provided", name='hands')
        pass
        t_6.extend((
            '_rt.deal_sizes(s, ',
            str(l_1_line),
            ', ',
            str(l_1_hands),
            ')',
        ))
        return concat(t_6)
    context.exported_vars.add('deal_before')
    context.vars['deal_before'] = l_0_deal_before = Macro(environment, macro, 'deal_before', ('line', 'hands'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_src, l_1_src_owner, l_1_zone, l_1_hands):
        t_7 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_src_owner is missing:
            l_1_src_owner = undefined("parameter 'src_owner' was not provided", name='src_owner')
        if l_1_zone is missing:
            l_1_zone = undefined("parameter 'zone' was not provided", name='zone')
        if l_1_hands is missing:
            l_1_hands = undefined("parameter 'hands' was not provided", name='hands')
        pass
        t_7.extend((
            '_rt.record_deal(s, ',
            str(l_1_line),
            ', ',
            str(l_1_src),
            ', ',
            str(l_1_src_owner),
            ', ',
            str(l_1_zone),
            ', ',
            str(l_1_hands),
            ')',
        ))
        return concat(t_7)
    context.exported_vars.add('deal_after')
    context.vars['deal_after'] = l_0_deal_after = Macro(environment, macro, 'deal_after', ('line', 'src', 'src_owner', 'zone', 'hands'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_src, l_1_src_owner, l_1_dst, l_1_dst_owner):
        t_8 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_src_owner is missing:
            l_1_src_owner = undefined("parameter 'src_owner' was not provided", name='src_owner')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        if l_1_dst_owner is missing:
            l_1_dst_owner = undefined("parameter 'dst_owner' was not provided", name='dst_owner')
        pass
        t_8.extend((
            '_rt.record_draw(s, ',
            str(l_1_line),
            ', ',
            str(l_1_src),
            ', ',
            str(l_1_src_owner),
            ', ',
            str(l_1_dst),
            ', ',
            str(l_1_dst_owner),
            ', _c)',
        ))
        return concat(t_8)
    context.exported_vars.add('draw')
    context.vars['draw'] = l_0_draw = Macro(environment, macro, 'draw', ('line', 'src', 'src_owner', 'dst', 'dst_owner'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_dest):
        t_9 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_dest is missing:
            l_1_dest = undefined("parameter 'dest' was not provided", name='dest')
        pass
        t_9.extend((
            '_rt.record_gather(s, ',
            str(l_1_line),
            ', ',
            str(l_1_dest),
            ')',
        ))
        return concat(t_9)
    context.exported_vars.add('gather')
    context.vars['gather'] = l_0_gather = Macro(environment, macro, 'gather', ('line', 'dest'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_line, l_1_name, l_1_seat, l_1_value):
        t_10 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        if l_1_seat is missing:
            l_1_seat = undefined("parameter 'seat' was not provided", name='seat')
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        pass
        t_10.extend((
            '_rt.record_set(s, ',
            str(l_1_line),
            ', ',
            str(l_1_name),
            ', ',
            str(l_1_seat),
            ', ',
            str(l_1_value),
            ')',
        ))
        return concat(t_10)
    context.exported_vars.add('set')
    context.vars['set'] = l_0_set = Macro(environment, macro, 'set', ('line', 'name', 'seat', 'value'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line):
        t_11 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        pass
        t_11.extend((
            '_rt.record_decision(s, ',
            str(l_1_line),
            ')',
        ))
        return concat(t_11)
    context.exported_vars.add('decision')
    context.vars['decision'] = l_0_decision = Macro(environment, macro, 'decision', ('line',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_line, l_1_src, l_1_dst):
        t_12 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        pass
        t_12.extend((
            '_rt.record_play(s, ',
            str(l_1_line),
            ', _p, _c, ',
            str(l_1_src),
            ', ',
            str(l_1_dst),
            ')',
        ))
        return concat(t_12)
    context.exported_vars.add('play')
    context.vars['play'] = l_0_play = Macro(environment, macro, 'play', ('line', 'src', 'dst'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_table, l_1_take, l_1_cards):
        t_13 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_take is missing:
            l_1_take = undefined("parameter 'take' was not provided", name='take')
        if l_1_cards is missing:
            l_1_cards = undefined("parameter 'cards' was not provided", name='cards')
        pass
        t_13.extend((
            '_rt.record_trick_end(s, ',
            str(l_1_line),
            ', _winner, ',
            str(l_1_table),
            ', ',
            str(l_1_take),
            ', ',
            str(l_1_cards),
            ')',
        ))
        return concat(t_13)
    context.exported_vars.add('trick_end')
    context.vars['trick_end'] = l_0_trick_end = Macro(environment, macro, 'trick_end', ('line', 'table', 'take', 'cards'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_line, l_1_src, l_1_dst, l_1_per_player, l_1_held):
        t_14 = []
        if l_1_line is missing:
            l_1_line = undefined("parameter 'line' was not provided", name='line')
        if l_1_src is missing:
            l_1_src = undefined("parameter 'src' was not provided", name='src')
        if l_1_dst is missing:
            l_1_dst = undefined("parameter 'dst' was not provided", name='dst')
        if l_1_per_player is missing:
            l_1_per_player = undefined("parameter 'per_player' was not provided", name='per_player')
        if l_1_held is missing:
            l_1_held = undefined("parameter 'held' was not provided", name='held')
        pass
        t_14.extend((
            '_rt.record_held(s, ',
            str(l_1_line),
            ', ',
            str(l_1_src),
            ', ',
            str(l_1_dst),
            ', ',
            str(l_1_per_player),
            ', s.',
            str(l_1_held),
            ')',
        ))
        return concat(t_14)
    context.exported_vars.add('held')
    context.vars['held'] = l_0_held = Macro(environment, macro, 'held', ('line', 'src', 'dst', 'per_player', 'held'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=24&7=31&12=37&13=56&16=81&17=92&22=102&23=111&26=120&27=135&30=150&31=165&34=180&35=189&39=197&40=210&43=223&44=230&48=236&49=247&52=258&53=271&56=284&57=299'
