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

# Refused requests (`code` beside the problem's kind). `message` is a parser's own words.
empty_body = the request body is empty: send a JSON object
bad_json = the body is not the JSON this endpoint takes: { $message }
body_too_large = the request body is over the limit of { $limit } bytes
unreadable_body = could not read the request body: { $message }
bad_query = bad query string: { $message }
missing_parameter = { $parameter } is required, e.g. { $example }
unknown_choice = unknown { $parameter } '{ $value }': use { $choices }
unknown_variant = unknown variant '{ $name }': use one of { $choices }
bad_variant = variant must be a preset id (e.g. "international") or an object with "preset" (e.g. {"{"}"preset": "spanish", "first_player": "white"{"}"})
variant_required = variant is required with "moves"
unknown_rule_parameter = unknown rule parameter '{ $parameter }': the parameters are those GET /variants lists
unknown_draw_rule = unknown draw rule '{ $rule }': use { $choices }
bad_rule_value = bad rule parameter: { $message }
bad_fen = bad FEN: { $message }
impossible_position = the position cannot stand under these rules: { $message }
position_not_end_of_history = position does not match the end of history, which is { $end }
bad_move_text = not a move: { $message }
bad_move_value = expected a move such as "32-28" or {"{"}"path": [32, 28]{"}"}
path_length = a path names 2 to { $max } squares, not { $squares }
path_square_out_of_range = path squares are whole numbers from 1 to { $max }
ambiguous_move = ambiguous: it may be { $candidates }; write the move in full
moves_or_pdn = send "moves" (a list) or "pdn" (a game text), one of them
bad_pdn = bad PDN: { $message }
empty_pdn = the PDN text holds no game
bad_game_type = { $message }
too_many_moves = the game has { $moves } moves; the limit is { $max }
too_many_games = the PDN holds { $games } games; the limit is { $max } a request
search_limit_out_of_range = { $limit } must be 1 to { $max } (the server's limit), not { $value }
review_over_budget = { $plies } plies at { $time_ms } ms each is over this server's review budget of { $budget_ms } ms: at most { $per_ply_ms } ms a ply for this game
multipv_zero = multipv must be at least 1
picture_size = size is { $size } pixels; it must be from { $min } to { $max }
too_many_marks = { $count } { $parameter }; the limit is { $max }
bad_arrow = an arrow names two squares, e.g. 32-28 or c3-e5, not '{ $text }'
bad_square = a square is a number such as 28 or a name such as "c3"
