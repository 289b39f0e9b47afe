"""A real browser on another origin calls the service: headless Chromium (Debian's build)
driven by Playwright loads a static page from one local port, and the page calls
POST /moves and POST /bestmove on the service on another port with fetch (a CORS
preflight each, since they send JSON). A second service that lists only other origins
must be refused by the browser.

Usage: cors_test.py BINARY [SCREENSHOT.png]
"""
import functools
import http.server
import os
import sys
import threading

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from support import free_port, start_service  # noqa: E402


def serve_page():
    port = free_port()
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=HERE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}"


def main():
    binary = sys.argv[1]
    screenshot = sys.argv[2] if len(sys.argv) > 2 else None
    page_server, page_origin = serve_page()
    open_api, open_base = start_service(binary, cors_origins="*", bitbase_pieces=0)
    closed_api, closed_base = start_service(binary, cors_origins="https://only.example.com",
                                            bitbase_pieces=0)
    failures = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                      "--disable-background-networking", "--disable-component-update",
                      "--disable-sync"])
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{page_origin}/cors_page.html?api={open_base}&refusing={closed_base}")
            page.wait_for_selector("#done", state="visible", timeout=20000)
            moves = page.inner_text("#moves")
            best = page.inner_text("#bestmove")
            refused = page.inner_text("#refused")
            if screenshot:
                page.screenshot(path=screenshot, full_page=True)
            browser.close()
        print(f"page at {page_origin}, API at {open_base}")
        print("  /moves:   ", moves)
        print("  /bestmove:", best)
        print("  refused:  ", refused)
        if not moves.startswith("200 9 moves:") or "31-26" not in moves \
                or "request-id=from-the-page" not in moves:
            failures.append(f"/moves from the page: {moves}")
        if not best.startswith("200 move "):
            failures.append(f"/bestmove from the page: {best}")
        if refused != "blocked by the browser":
            failures.append(f"an unlisted origin was not refused: {refused}")
        if errors:
            failures.append(f"page errors: {errors}")
    finally:
        open_api.terminate()
        open_api.wait()
        closed_api.terminate()
        closed_api.wait()
        page_server.shutdown()
    if failures:
        print("FAILED:", *failures, sep="\n  ")
        print("browser: 0 passed, 1 failed")
        sys.exit(1)
    print("browser: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
