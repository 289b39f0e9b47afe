# Preset names and one-line descriptions (GET /variants). The English ones are the presets' own
# text in crates/draughts-rules/src/variant.rs; a test keeps them equal.

name-international = International draughts (FMJD)
description-international = 10×10, flying kings, men capture backwards, maximum capture, White first.
name-plyyard = Ply Yard 10×10
description-plyyard = International draughts as the Ply Yard site plays it: Black first, more kings break ties in the maximum capture, captured pieces leave at once.
name-english = English draughts / American checkers
description-english = 8×8, short kings, men move and capture forward only, free choice of capture, Black first.
name-spanish = Spanish draughts
description-spanish = 8×8, flying kings, men capture forward only, most pieces then most kings; Black first as on the site (officially White: override first_player).
name-russian = Russian draughts
description-russian = 8×8, flying kings, men capture backwards, free choice of capture, a man crowned mid-capture goes on as a king.
name-brazilian = Brazilian draughts
description-brazilian = International rules on an 8×8 board.
name-italian = Italian draughts
description-italian = 8×8, short kings, men capture forward only and may not capture kings, Federdama capture priorities, White first.
name-czech = Czech draughts
description-czech = 8×8, flying kings, men capture forward only, a king must capture when one can, White first.
name-frisian = Frisian draughts
description-frisian = 10×10, flying kings; men and kings capture along rows and files too; the capture of greatest value must be made (a king is worth a man and a half; then most kings; then by a king); a king makes at most 3 plain moves in a row while its side has men.
name-frysk = Frysk!
description-frysk = Frisian rules with five men each, on the back rows.
name-turkish = Turkish draughts (Dama)
description-turkish = 8×8, every square used, 16 men each on the second and third rows; men move and capture forward and sideways, kings fly along rows and files; captured pieces leave at once; maximum capture; a king may not turn straight back within a capture.
name-antidraughts = Antidraughts (give-away)
description-antidraughts = International rules, but the side that loses all its pieces or cannot move wins.
name-breakthrough = Breakthrough
description-breakthrough = International rules; the first side to crown a king wins. Men never return to a position, so there is no draw.
name-killer = Killer draughts
description-killer = International draughts, except that a king whose capture ends by taking a king stops on the square just behind it (Christian Freeling's rule, played by Scan 3).
name-canadian = Canadian draughts
description-canadian = International rules on a 12×12 board, 30 men each.
