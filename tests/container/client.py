"""A client that plays games through the public API, checking every answer, for the image
and replica tests. Standard library only.

A game: the client picks a random legal move from `/moves`, sends it to `/play`, and checks
that the engine's reply is one of the legal moves `/moves` lists for the position after
the client's move (asked separately, so possibly of another replica). Every answer is
recorded with its status and latency."""
import json
import random
import time
import urllib.error
import urllib.request


class Answer:
    def __init__(self, status, body, seconds, headers):
        self.status = status
        self.body = body
        self.seconds = seconds
        # Header names compared without case, as HTTP does.
        self.headers = {k.lower(): v for k, v in headers.items()}

    def json(self):
        return json.loads(self.body)


def call(base, path, payload=None, headers=None, timeout=60):
    """POST `payload` as JSON (GET when None); return an Answer whatever the status."""
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(base + path, data=data, method="GET" if data is None else "POST")
    request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
            return Answer(response.status, body, time.monotonic() - started, dict(response.headers))
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.read(), time.monotonic() - started, dict(error.headers))


class GameError(Exception):
    """A game could not go on: an answer that is not 200, or an illegal move."""


def notations(moves_answer):
    return {m["notation"] for m in moves_answer["moves"]}


def play_game(base, variant, seed, level="easy", max_plies=300, headers=None, record=None,
              retry_busy=3):
    """Play one game (the client's random moves against the engine's replies). Returns the
    number of plies and the final state. Raises GameError on any failed or illegal answer.
    `record(path, answer)` is called for every answer. 429 and 503 answers that carry
    `Retry-After` are waited out `retry_busy` times, as a polite client does; any other
    non-200 ends the game."""
    rng = random.Random(seed)
    history = []

    def ask(path, payload):
        for attempt in range(retry_busy + 1):
            answer = call(base, path, payload, headers)
            if record:
                record(path, answer)
            if answer.status == 200:
                return answer.json()
            if answer.status in (429, 503) and "retry-after" in answer.headers and attempt < retry_busy:
                time.sleep(min(float(answer.headers["retry-after"]), 2.0))
                continue
            raise GameError(f"{path} answered {answer.status}: {answer.body[:300]!r}")
        raise GameError("unreachable")

    while len(history) < max_plies:
        legal = ask("/moves", {"variant": variant, "history": {"moves": history}})
        if legal["status"]["state"] != "ongoing":
            return len(history), legal["status"]
        move = rng.choice(sorted(notations(legal)))
        played = ask("/play", {"variant": variant, "history": {"moves": history}, "move": move,
                               "level": level, "seed": rng.randrange(1 << 30)})
        if played["player_move"]["notation"] != move:
            raise GameError(f"/play applied {played['player_move']['notation']}, not {move}")
        history.append(move)
        reply = played.get("reply")
        if reply is None:
            if played["status"]["state"] == "ongoing":
                raise GameError(f"/play gave no reply in an ongoing game after {history}")
            return len(history), played["status"]
        after = ask("/moves", {"variant": variant, "history": {"moves": history}})
        if reply["notation"] not in notations(after):
            raise GameError(f"illegal reply {reply['notation']} after {history}")
        history.append(reply["notation"])
    return len(history), {"state": "unfinished"}
