"""The page at `/` in a real browser: headless Chromium (Debian's build) driven by
Playwright, against the real service.

* the page loads with no console errors;
* a game of English checkers is played through the board against the computer at `easy`,
  to its end or 80 plies, by clicking pieces and squares;
* an illegal click is refused with the service's explanation;
* undo restores the previous position;
* a FEN import shows the right pieces;
* in international draughts, a capture with two routes to the same square lets the player
  choose, and the chosen route is the one played;
* a hint shows scored moves, an arrow and the score bar; a review of a game with a planted
  blunder streams progress, draws its graph, marks the blunder `??`, offers the annotated
  PDN; plies can be stepped through with the keys; closing a review stops its search;
* an es-ES browser gets the page in Spanish, a refused move explained in Spanish by the
  service, and the language switch turns it to English.

Usage: page_test.py BINARY [SCREENSHOT_DIR]
"""
import json
import os
import random
import sys
import urllib.request

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from support import start_service  # noqa: E402

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def legal_moves(base, variant, fen):
    request = urllib.request.Request(
        base + "/moves", data=json.dumps({"variant": variant, "position": fen}).encode(),
        headers={"content-type": "application/json"})
    return json.load(urllib.request.urlopen(request))["moves"]


def idle(page):
    page.wait_for_selector("body[data-state=idle]", timeout=30000)


def click_square(page, n):
    # A piece covers its square's centre: click the piece where there is one.
    piece = page.locator(f'#board g[data-square="{n}"]')
    target = piece if piece.count() else page.locator(f'#board rect[data-square="{n}"]')
    target.click()


def pieces(page):
    return {el.get_attribute("data-square"): el.get_attribute("data-piece")
            for el in page.locator("#board g[data-piece]").all()}


def searches_running(base):
    text = urllib.request.urlopen(base + "/metrics").read().decode()
    for line in text.splitlines():
        if line.startswith("draughts_api_searches_running "):
            return float(line.split()[1])
    return None


def random_game(base, plies, seed=3):
    """A seeded random English game of at most `plies` plies, as move texts."""
    chooser = random.Random(seed)
    moves = []
    for _ in range(plies):
        request = urllib.request.Request(
            base + "/moves", data=json.dumps({"variant": "english", "history": {"moves": moves}}).encode(),
            headers={"content-type": "application/json"})
        legal = json.load(urllib.request.urlopen(request))["moves"]
        if not legal:
            break
        moves.append(chooser.choice(legal)["notation"])
    return moves


def plies(page):
    text = page.inner_text("#moves")
    return len(text.split())


def main():
    binary = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    service, base = start_service(binary, bitbase_pieces=0)
    console_errors, page_errors = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--no-first-run",
                      "--disable-background-networking", "--disable-component-update",
                      "--disable-sync"])
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
            page.on("pageerror", lambda e: page_errors.append(str(e)))

            page.goto(base + "/?variant=english")
            page.wait_for_selector("#board svg")
            idle(page)
            check(not console_errors and not page_errors,
                  f"the page loads with no console errors {console_errors + page_errors}")
            check(len(pieces(page)) == 24, "English starts with 24 pieces on the board")

            # Black moves first in English: play Black against the computer at easy.
            page.select_option("#opponent", "easy")
            idle(page)
            page.select_option("#side", "black")
            idle(page)
            check("Black to move" in page.inner_text("#status"), "the player (Black) is to move")

            # An illegal click: the man on 9 cannot jump to 18.
            click_square(page, 9)
            click_square(page, 18)
            idle(page)
            message = page.inner_text("#message")
            check("error" in (page.get_attribute("#message", "class") or "")
                  and "Illegal move" in message and "18" in message,
                  f"an illegal click is refused with the service's explanation: {message!r}")

            # Undo: play one move (the computer answers), take it back.
            before = page.input_value("#fen")
            move = legal_moves(base, "english", before)[0]
            click_square(page, move["from"])
            click_square(page, move["to"])
            idle(page)
            check(plies(page) == 2 and page.input_value("#fen") != before,
                  "a move and the computer's reply were played")
            page.click("#undo")
            idle(page)
            check(page.input_value("#fen") == before and plies(page) == 0,
                  "undo restores the previous position")
            if shots:
                page.screenshot(path=os.path.join(shots, "page-start.png"))

            # A whole game through the board.
            chooser = random.Random(7)
            while plies(page) < 80:
                status = page.inner_text("#status")
                if "wins" in status or "Draw" in status:
                    break
                fen = page.input_value("#fen")
                moves = legal_moves(base, "english", fen)
                move = chooser.choice(moves)
                click_square(page, move["from"])
                click_square(page, move["to"])
                if page.locator("#routes").is_visible():
                    page.locator("#route-list button", has_text=move["notation"]).click()
                idle(page)
                check_fen = page.input_value("#fen")
                if check_fen == fen:
                    check(False, f"the move {move['notation']} was not played: "
                                 f"{page.inner_text('#message')!r}")
                    break
            status = page.inner_text("#status")
            played = plies(page)
            check(played >= 80 or "wins" in status or "Draw" in status,
                  f"a game against easy played through the board to its end or 80 plies "
                  f"({played} plies, status {status!r})")
            if shots:
                page.screenshot(path=os.path.join(shots, "page-english.png"))

            # Export the game as PDN and load it back (in the "Import and export" box).
            page.click("#io summary")
            final = page.input_value("#fen")
            page.click("#export-pdn")
            pdn = page.input_value("#pdn")
            page.click("#load-pdn")
            idle(page)
            check('[GameType "21"]' in pdn and plies(page) == played
                  and page.input_value("#fen") == final,
                  f"the game exported as PDN loads back to the same position ({len(pdn)} chars)")

            # FEN import.
            page.fill("#fen", "W:WK10,30:B3,K20")
            page.click("#load-fen")
            idle(page)
            check(pieces(page) == {"10": "wk", "30": "wm", "3": "bm", "20": "bk"},
                  f"a FEN import shows its pieces: {pieces(page)}")

            # International: two capture routes from 48 to 8.
            page.select_option("#variant", "international")
            idle(page)
            page.fill("#fen", "W:W48:B13,23,32,33,42,43")
            page.click("#load-fen")
            idle(page)
            click_square(page, 48)
            click_square(page, 8)
            routes = page.locator("#route-list button")
            check(page.locator("#routes").is_visible() and routes.count() == 2,
                  "a capture with two routes to one square asks which one")
            if shots:
                page.screenshot(path=os.path.join(shots, "page-routes.png"))
            page.locator("#route-list button", has_text="48x39x28x19x8").click()
            idle(page)
            after = pieces(page)
            check(after == {"8": "wm", "42": "bm", "32": "bm"},
                  f"the chosen route took 43, 33, 23 and 13: {after}")
            check("48x39x28x19x8" in page.inner_text("#moves"), "the move list shows the route")

            # A hint on the international start: scored moves and an arrow on the board.
            page.fill("#fen", "W:W31-50:B1-20")
            page.click("#load-fen")
            idle(page)
            page.click("#hint")
            idle(page)
            hints = page.locator("#hint-list li")
            scored = [t for t in hints.all_inner_texts() if any(c.isdigit() for c in t.split()[-1])]
            check(hints.count() >= 2 and len(scored) == hints.count(),
                  f"a hint lists at least 2 scored moves: {hints.all_inner_texts()}")
            check(page.locator("#board svg g.arrow").count() == 1,
                  "the hint's best move is an arrow on the board")
            check(page.locator("#evalbar").is_visible() and "to move" in page.inner_text("#evaltext"),
                  f"the score bar shows who stands better: {page.inner_text('#evaltext')!r}")
            if shots:
                page.screenshot(path=os.path.join(shots, "page-hint.png"), full_page=True)

            # A review of a short English game whose fifth ply (6-10) throws a man away.
            page.select_option("#variant", "english")
            idle(page)
            page.fill("#pdn", '[GameType "21"]\n1. 11-16 21-17 2. 10-15 17-13 3. 6-10 *')
            page.click("#load-pdn")
            idle(page)
            page.click("#review")
            page.wait_for_selector("body[data-review=done]", timeout=60000)
            check(page.get_attribute("#review-progress", "value") == "5",
                  "the review's progress bar filled ply by ply to 5")
            check(page.locator("#review-graph svg").count() == 1, "the review shows its score graph")
            fifth = page.locator('#moves button[data-ply="5"]')
            check(fifth.inner_text().endswith("??") and "blunder" in (fifth.get_attribute("class") or ""),
                  f"the blunder is marked ?? in the move list: {page.inner_text('#moves')!r}")
            check("Accuracy" in page.inner_text("#review-accuracy"), "each side's accuracy is shown")
            with page.expect_download() as download:
                page.click("#download-pdn")
            with open(download.value.path(), encoding="utf-8") as f:
                annotated = f.read()
            check("??" in annotated, "the annotated PDN download marks the blunder ??")

            # Stepping: a click on a ply shows the position it was played in, with the best move's
            # arrow; ← and → step, End returns to the game.
            now = pieces(page)
            fifth.click()
            idle(page)
            at_fifth = pieces(page)
            check(at_fifth != now and page.locator("#board svg g.arrow").count() == 1,
                  "a ply's position is shown with the best move's arrow")
            if shots:
                page.screenshot(path=os.path.join(shots, "page-review.png"), full_page=True)
            page.keyboard.press("ArrowLeft")
            idle(page)
            check(pieces(page) != at_fifth, "← steps back one ply")
            page.keyboard.press("ArrowRight")
            idle(page)
            check(pieces(page) == at_fifth, "→ steps forward again")
            page.keyboard.press("End")
            idle(page)
            check(pieces(page) == now and page.locator("#browsing").is_hidden(),
                  "End returns to the game")

            # Leaving a review mid-way stops its searches on the service.
            page.fill("#pdn", '[GameType "21"]\n' + " ".join(random_game(base, 60)) + " *")
            page.click("#load-pdn")
            idle(page)
            page.click("#review")
            page.wait_for_timeout(1000)
            page.click("#close-review")
            running = None
            for _ in range(20):
                page.wait_for_timeout(100)
                running = searches_running(base)
                if running == 0:
                    break
            check(running == 0, f"closing a review stops its search within 2 s (running: {running})")

            # The page in Spanish for a browser set to Spanish, the service's explanations too.
            spanish = browser.new_context(locale="es-ES", viewport={"width": 1100, "height": 900})
            es_page = spanish.new_page()
            es_page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
            es_page.on("pageerror", lambda e: page_errors.append(str(e)))
            es_page.goto(base + "/?variant=english")
            es_page.wait_for_selector("#board svg")
            idle(es_page)
            check(es_page.inner_text("#new-game") == "Nueva partida"
                  and es_page.get_attribute("html", "lang") == "es",
                  f"an es-ES browser gets the page in Spanish: {es_page.inner_text('#new-game')!r}")
            es_page.select_option("#opponent", "easy")
            idle(es_page)
            es_page.select_option("#side", "black")
            idle(es_page)
            check("Juegan las Negras" in es_page.inner_text("#status"),
                  f"the status in Spanish: {es_page.inner_text('#status')!r}")
            click_square(es_page, 9)
            click_square(es_page, 18)
            idle(es_page)
            refused = es_page.inner_text("#message")
            check(refused.startswith("Jugada ilegal:") and "no puede ir a 18" in refused,
                  f"a refused move is explained in Spanish: {refused!r}")
            if shots:
                es_page.screenshot(path=os.path.join(shots, "page-es.png"))
            es_page.select_option("#lang", "en")
            idle(es_page)
            check(es_page.inner_text("#new-game") == "New game",
                  "the language switch turns the page to English")
            spanish.close()

            expected = [e for e in console_errors if "status of 422" not in e]
            check(not page_errors and not expected,
                  f"no script errors during the run {page_errors + expected}")
            browser.close()
    finally:
        service.kill()
    if failures:
        sys.exit(f"{len(failures)} browser checks failed")
    print("page: all browser checks passed")


if __name__ == "__main__":
    main()
