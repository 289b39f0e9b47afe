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
