# Explanations of refused moves and other problems, by code (the `code` of a problem+json
# answer). Variables are the problem's fields of the same names. Sides are `white`/`black`.


# Titles of the problem kinds.
title-malformed-request = Malformed request
title-invalid-value = Invalid value
title-illegal-move = Illegal move
title-game-over = The game is over
title-limit-exceeded = Limit exceeded
title-busy = Service busy
title-too-many-requests = Too many requests
title-not-found = Not found
title-method-not-allowed = Method not allowed
title-internal = Internal error

no_piece_on_file_can_move = no piece of { $side } on the { $file }-file can move to { $to }
no_piece_on = there is no piece on { $square }
not_your_piece = the piece on { $square } is { $owner }'s and { $side } is to move
no_legal_move = { $side } has no legal move: the game is over
capture_not_complete = the capture is not complete: it must go on, e.g. { $example }
capture_not_maximal = this sequence takes { $takes } { $takes ->
        [one] piece
       *[other] pieces
    } but { $max } can be taken
capture_value_not_maximal = this sequence takes { $value } in value but { $max } can be taken (a man counts 1, a king 1½)
capture_fewer_kings = this sequence takes { $kings } kings but { $max } can be taken
capture_same_value_more_kings = another sequence of the same value takes more kings, and it takes precedence
king_must_take_this_value = a king can make a capture of this value, so the king must take
king_must_take = a king can make this capture, so the king must take
king_must_capture = a king can capture, so a king must capture
kings_met_earlier = another sequence meets the kings earlier, and it takes precedence
capture_priority = the capture rules of this variant require another sequence
capture_compulsory = a capture is compulsory: { $options }
cannot_move_to = the piece on { $from } cannot move to { $to }
piece_cannot_move = the piece on { $square } has no legal move
game_over = the game is already over ({ $winner ->
        [white] white won
        [black] black won
       *[none] draw
    }: { $reason })

# Endgame tables (`POST /tablebase`).
beyond_tables = the position has { $pieces } pieces and the endgame tables hold positions of at most { $max }
no_tables_for_rules = there are no endgame tables for these rules (they exist for the usual win condition on dark squares of boards up to 10×10, without a king-move limit)
tables_not_ready = the endgame tables for these rules are still being read or built: try again shortly
tables_off = this service runs without endgame tables
