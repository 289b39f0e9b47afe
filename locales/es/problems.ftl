# Explicaciones de jugadas rechazadas y de otros problemas, por código (el `code` de la
# respuesta problem+json). Las variables son los campos del problema del mismo nombre.
# Términos como los usan los sitios de damas en español: peón, dama, captura, coronar.


# Títulos de los tipos de problema.
title-malformed-request = Petición mal formada
title-invalid-value = Valor no válido
title-illegal-move = Jugada ilegal
title-game-over = La partida ha terminado
title-limit-exceeded = Límite superado
title-busy = Servicio ocupado
title-too-many-requests = Demasiadas peticiones
title-not-found = No encontrado
title-method-not-allowed = Método no permitido
title-internal = Error interno

no_piece_on_file_can_move = ninguna pieza de { $side ->
        [white] las blancas
       *[black] las negras
    } en la columna { $file } puede ir a { $to }
no_piece_on = no hay ninguna pieza en la casilla { $square }
not_your_piece = la pieza de la casilla { $square } es de { $owner ->
        [white] las blancas
       *[black] las negras
    } y juegan { $side ->
        [white] las blancas
       *[black] las negras
    }
no_legal_move = { $side ->
        [white] las blancas no tienen
       *[black] las negras no tienen
    } ninguna jugada legal: la partida ha terminado
capture_not_complete = la captura no está completa: debe continuar, por ejemplo { $example }
capture_not_maximal = esta secuencia toma { $takes } { $takes ->
        [one] pieza
       *[other] piezas
    }, pero se pueden tomar { $max }: hay que tomar el máximo de piezas
capture_value_not_maximal = esta secuencia toma un valor de { $value }, pero se puede tomar { $max } (un peón vale 1 y una dama 1½)
capture_fewer_kings = esta secuencia toma { $kings } { $kings ->
        [one] dama
       *[other] damas
    }, pero se pueden tomar { $max }
capture_same_value_more_kings = otra secuencia del mismo valor toma más damas, y tiene preferencia
king_must_take_this_value = una dama puede hacer una captura de este valor, así que debe capturar la dama
king_must_take = una dama puede hacer esta captura, así que debe capturar la dama
king_must_capture = una dama puede capturar, así que debe capturar una dama
kings_met_earlier = otra secuencia encuentra antes las damas, y tiene preferencia
capture_priority = las reglas de captura de esta variante exigen otra secuencia
capture_compulsory = la captura es obligatoria: { $options }
cannot_move_to = la pieza de la casilla { $from } no puede ir a { $to }
piece_cannot_move = la pieza de la casilla { $square } no tiene ninguna jugada legal
game_over = la partida ya ha terminado ({ $winner ->
        [white] ganaron las blancas
        [black] ganaron las negras
       *[none] tablas
    }: { $reason ->
        [no_pieces] sin piezas
        [no_moves] sin jugadas
        [first_king] primera dama
        [threefold_repetition] triple repetición
        [king_moves_without_capture] jugadas de dama sin captura
        [moves_without_capture_or_promotion] jugadas sin captura ni coronación
        [three_pieces_vs_lone_king] tres piezas contra una dama sola
        [two_pieces_vs_lone_king] dos piezas contra una dama sola
        [two_kings_vs_lone_king] dos damas contra una sola
        [king_vs_king] dama contra dama
        [kings_ending_balance_unchanged] final de damas sin cambio de material
       *[other] { $reason }
    })

# Finales en tablas (`POST /tablebase`).
beyond_tables = la posición tiene { $pieces } piezas y las bases de finales llegan a posiciones de { $max } como máximo
no_tables_for_rules = no hay bases de finales para estas reglas (existen para la condición de victoria habitual, en las casillas oscuras de tableros de hasta 10×10 y sin límite de jugadas de dama)
tables_not_ready = las bases de finales de estas reglas aún se están leyendo o construyendo: vuelva a intentarlo en unos segundos
tables_off = este servicio funciona sin bases de finales

# Peticiones rechazadas (`code` junto al tipo de problema). `message` son las palabras del
# analizador (en inglés).
empty_body = el cuerpo de la petición está vacío: envíe un objeto JSON
bad_json = el cuerpo no es el JSON que acepta este punto de acceso: { $message }
body_too_large = el cuerpo de la petición supera el límite de { $limit } bytes
unreadable_body = no se pudo leer el cuerpo de la petición: { $message }
bad_query = parámetros de consulta incorrectos: { $message }
missing_parameter = falta { $parameter }, por ejemplo { $example }
unknown_choice = { $parameter } desconocido, '{ $value }': use { $choices }
unknown_variant = variante desconocida, '{ $name }': use una de { $choices }
bad_variant = la variante es el id de un preajuste (por ejemplo "international") o un objeto con "preset" (por ejemplo {"{"}"preset": "spanish", "first_player": "white"{"}"})
variant_required = con "moves" hay que indicar la variante ("variant")
unknown_rule_parameter = parámetro de reglas desconocido, '{ $parameter }': los parámetros son los que lista GET /variants
unknown_draw_rule = regla de tablas desconocida, '{ $rule }': use { $choices }
bad_rule_value = parámetro de reglas incorrecto: { $message }
bad_fen = FEN incorrecto: { $message }
impossible_position = la posición no es posible con estas reglas: { $message }
position_not_end_of_history = la posición no coincide con el final de la partida, que es { $end }
bad_move_text = no es una jugada: { $message }
bad_move_value = se esperaba una jugada como "32-28" o {"{"}"path": [32, 28]{"}"}
path_length = un recorrido nombra de 2 a { $max } casillas, no { $squares }
path_square_out_of_range = las casillas de un recorrido son números enteros del 1 al { $max }
ambiguous_move = jugada ambigua: puede ser { $candidates }; escríbala completa
moves_or_pdn = envíe "moves" (una lista) o "pdn" (el texto de una partida), uno de los dos
bad_pdn = PDN incorrecto: { $message }
empty_pdn = el texto PDN no contiene ninguna partida
bad_game_type = { $message }
too_many_moves = la partida tiene { $moves } jugadas; el límite es { $max }
too_many_games = el PDN contiene { $games } partidas; el límite es { $max } por petición
search_limit_out_of_range = { $limit } debe estar entre 1 y { $max } (el límite del servidor), no { $value }
review_over_budget = { $plies } medias jugadas a { $time_ms } ms cada una superan el presupuesto de análisis de este servidor, { $budget_ms } ms: como máximo { $per_ply_ms } ms por media jugada en esta partida
multipv_zero = multipv debe ser al menos 1
picture_size = el tamaño es de { $size } píxeles; debe estar entre { $min } y { $max }
too_many_marks = { $count } { $parameter }; el límite es { $max }
bad_arrow = una flecha nombra dos casillas, por ejemplo 32-28 o c3-e5, no '{ $text }'
bad_square = una casilla es un número como 28 o un nombre como "c3"
