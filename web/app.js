// The page at `/`: a game against the computer or between two people, using only the
// public API. The service knows the rules; this file only keeps the game's moves, draws the
// board the service returns and sends clicks.
"use strict";

const $ = (id) => document.getElementById(id);

// --- the page's language ---------------------------------------------------------------
// Every visible word comes from the service's catalogues (`/page/strings.json`, from
// `locales/*/page.ftl`); the service's own explanations follow the same language (`lang`).

const i18n = { lang: "en", strings: {} };

function t(id, vars = {}) {
  let text = i18n.strings[id] ?? id;
  for (const [name, value] of Object.entries(vars)) text = text.replaceAll(`{$${name}}`, String(value));
  return text;
}

const sideName = (side) => t(side === "white" ? "white" : "black");
const reasonName = (id) => (i18n.strings["reason-" + id] ? t("reason-" + id) : words(id));

async function loadStrings(lang) {
  const response = await fetch("/page/strings.json" + (lang ? `?lang=${lang}` : ""));
  const data = await response.json();
  i18n.lang = data.lang;
  i18n.strings = data.strings;
  document.documentElement.lang = data.lang;
  $("lang").value = data.lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of document.querySelectorAll("[data-i18n-aria-label]")) el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
  // The presets' names come from the service in the same language.
  if (game.variants.length) {
    const named = await (await fetch(withLang("/variants"))).json();
    for (const option of $("variant").options) {
      const v = named.find((n) => n.id === option.value);
      if (v) option.textContent = v.name;
    }
  }
}

// Every call names the page's language, so refusals come back in it.
const withLang = (path) => path + (path.includes("?") ? "&" : "?") + "lang=" + i18n.lang;

const game = {
  variants: [],
  variant: null,   // the entry of GET /variants
  start: null,     // FEN the game started from (null: the variant's start)
  moves: [],       // [{notation, shown, from, to, path, captured}]
  redo: [],
  fen: "",         // the position now
  legal: [],       // the legal moves now (MoveView)
  status: null,    // StatusView
  flip: false,
  selected: null,  // the square chosen first
  busy: false,
  view: null,      // while browsing: how many plies the shown position has (null: the game now)
  fens: new Map(), // plies played -> FEN, for browsing
};

// What the engine said: a hint for the shown position, a review of the game.
const analysis = {
  hint: null,      // {fen, moves: [AnalyzedMove]}
  review: null,    // {plies: [ReviewedPly], summary?, pdn?}
  reviewing: null, // the AbortController of a review in progress
};

// --- the API -----------------------------------------------------------------------

class ApiProblem extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || "request failed");
    this.problem = problem;
  }
}

async function call(path, body) {
  const response = await fetch(withLang(path), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new ApiProblem(data);
  return data;
}

function history() {
  const h = { moves: game.moves.map((m) => m.notation) };
  if (game.start) h.start = game.start;
  return h;
}

// --- what the page shows -----------------------------------------------------------

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
}

const algebraic = () => game.variant && game.variant.notation === "algebraic";
const shown = (m) => (algebraic() && m.algebraic) || m.notation;
const humanSide = () => $("side").value;
const opponent = () => $("opponent").value;
const againstComputer = () => opponent() !== "human";
const myTurn = () =>
  game.status && game.status.state === "ongoing" &&
  (!againstComputer() || game.status.side_to_move === humanSide());

const shownFen = () => (game.view === null ? game.fen : game.fens.get(game.view) || game.fen);
const shownPlies = () => (game.view === null ? game.moves.length : game.view);

// The arrow of the engine's best move in the shown position: the hint's, else the review's.
function bestArrow() {
  const fen = shownFen();
  if (analysis.hint && analysis.hint.fen === fen && analysis.hint.moves.length) {
    const m = analysis.hint.moves[0].move;
    return `${m.from}-${m.to}`;
  }
  const reviewed = analysis.review && analysis.review.plies[shownPlies()];
  return reviewed ? `${reviewed.best.from}-${reviewed.best.to}` : null;
}

async function drawBoard() {
  const query = new URLSearchParams({ variant: game.variant.id, position: shownFen(), size: "560" });
  if (game.flip) query.set("flip", "true");
  const arrow = bestArrow();
  if (arrow) query.set("arrows", arrow);
  const response = await fetch("/board.svg?" + query);
  if (!response.ok) throw new ApiProblem(await response.json());
  $("board").innerHTML = await response.text();
  for (const element of $("board").querySelectorAll("[data-square]")) {
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    const piece = element.getAttribute("data-piece");
    const name = t("square-label", { n: element.getAttribute("data-square") });
    element.setAttribute("aria-label", piece ? name + ", " + pieceName(piece) : name);
  }
  markSquares();
}

function pieceName(code) {
  return t("piece-" + code.slice(0, 2));
}

function squareRect(n) {
  return $("board").querySelector(`rect[data-square="${n}"]`);
}

function markSquares() {
  for (const r of $("board").querySelectorAll("rect[data-square]")) r.removeAttribute("class");
  const last = game.moves[shownPlies() - 1];
  if (last && last.path) for (const n of [last.from, last.to]) squareRect(n)?.classList.add("last");
  if (game.selected !== null) {
    squareRect(game.selected)?.classList.add("selected");
    for (const m of game.legal) if (m.from === game.selected) squareRect(m.to)?.classList.add("target");
  }
}

function showStatus() {
  const s = game.status;
  let text;
  if (s.state === "win") text = t("wins", { side: sideName(s.winner), reason: reasonName(s.reason) });
  else if (s.state === "draw") text = t("draw", { reason: reasonName(s.reason) });
  else if (game.busy) text = t("thinking");
  else text = t("to-move", { side: sideName(s.side_to_move) }) + (game.legal.length && game.legal[0].captured.length ? t("capture-compulsory") : "");
  $("status").textContent = text;
  const c = s.counters;
  $("counters").innerHTML = "";
  for (const [key, value] of Object.entries(c)) {
    const dt = document.createElement("dt");
    dt.textContent = i18n.strings["counter-" + key] ? t("counter-" + key) : words(key);
    const dd = document.createElement("dd");
    dd.textContent = value;
    $("counters").append(dt, dd);
  }
  $("fen").value = game.fen;
  $("undo").disabled = game.moves.length === 0 || game.busy;
  $("redo").disabled = game.redo.length === 0 || game.busy;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (id) => (id || "").replaceAll("_", " ");

// The signs of a review's classes, as PDN writes them.
const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function showMoves() {
  const list = $("moves");
  list.innerHTML = "";
  for (let i = 0; i < game.moves.length; i += 2) {
    const li = document.createElement("li");
    for (const [j, m] of game.moves.slice(i, i + 2).entries()) {
      const ply = i + j; // 0-based
      const button = document.createElement("button");
      button.type = "button";
      button.className = "ply";
      button.dataset.ply = String(ply + 1);
      const reviewed = analysis.review && analysis.review.plies[ply];
      const sign = reviewed ? SIGNS[reviewed.class] || "" : "";
      if (reviewed) button.classList.add(reviewed.class);
      if (game.view !== null && game.view === ply + 1) button.classList.add("current");
      button.textContent = m.shown + sign;
      button.title = reviewed ? t("ply-title", { class: t("class-" + reviewed.class), best: reviewed.best.notation, score: scoreText(reviewed.best_score) }) : "";
      if (j) li.append(" ");
      li.append(button);
    }
    list.append(li);
  }
  if (game.view === null) list.scrollTop = list.scrollHeight;
  $("browsing").hidden = game.view === null;
}

async function show() {
  await drawBoard();
  showStatus();
  showMoves();
  showEval();
}

// --- changing the game -------------------------------------------------------------

function remember(view) {
  return { notation: view.notation, shown: shown(view), from: view.from, to: view.to, path: view.path, captured: view.captured };
}

// The position, status and legal moves of the game as it stands (after undo, an import…).
async function refresh() {
  const [checked, moves] = await Promise.all([
    call("/games/validate", { variant: game.variant.id, start: game.start ?? undefined, moves: game.moves.map((m) => m.notation) }),
    call("/moves", { variant: game.variant.id, history: history() }),
  ]);
  if (!checked.valid) throw new Error(t("move-refused", { ply: checked.error.ply, move: checked.error.move, reason: checked.error.reason }));
  game.fen = checked.position;
  game.status = checked.status;
  game.legal = moves.moves;
  game.selected = null;
  game.view = null;
  await show();
}

// The human's move: one call, `/play`, answers it and the computer's reply together.
async function play(view) {
  game.selected = null;
  $("routes").hidden = true;
  game.redo = [];
  if (!againstComputer()) {
    game.moves.push(remember(view));
    await refresh();
    say(t("played", { move: view.notation }));
    return;
  }
  game.busy = true;
  markSquares();
  showStatus();
  try {
    const answer = await call("/play", {
      variant: game.variant.id, history: history(), move: view.notation,
      level: opponent(), include_next_moves: true,
    });
    game.moves.push(remember(answer.player_move));
    if (answer.reply) game.moves.push(remember(answer.reply));
    game.fen = answer.position;
    game.status = answer.status;
    game.legal = answer.next_moves || [];
    say(answer.reply
      ? t("you-played-answered", { move: shown(answer.player_move), reply: shown(answer.reply) })
      : t("you-played", { move: shown(answer.player_move) }));
  } finally {
    game.busy = false;
    await show();
  }
}

// When the computer is to move (it has White, or after undo or an import).
async function computerMoves() {
  if (!againstComputer() || !game.status || game.status.state !== "ongoing" || myTurn()) return;
  game.busy = true;
  showStatus();
  try {
    const answer = await call("/bestmove", {
      variant: game.variant.id, history: history(), level: opponent(), include_next_moves: true,
    });
    game.moves.push(remember(answer.move));
    game.fen = answer.position;
    game.status = answer.status;
    game.legal = answer.next_moves || [];
    say(t("computer-played", { move: shown(answer.move) }));
  } finally {
    game.busy = false;
    await show();
  }
}

async function newGame(start = null, moves = []) {
  cancelReview();
  closeAnalysis();
  game.fens.clear();
  game.view = null;
  game.variant = game.variants.find((v) => v.id === $("variant").value);
  game.start = start;
  game.moves = moves;
  game.redo = [];
  game.flip = againstComputer() && humanSide() === "black";
  await refresh();
  await computerMoves();
}

// --- clicks and keys on the board ---------------------------------------------------

async function tryMove(from, to) {
  const routes = game.legal.filter((m) => m.from === from && m.to === to);
  if (routes.length === 1) return play(routes[0]);
  if (routes.length > 1) return chooseRoute(routes);
  // Not a legal move: let the service say why.
  game.selected = null;
  markSquares();
  try {
    await call("/apply", { variant: game.variant.id, history: history(), move: `${from}-${to}` });
    say(t("not-allowed", { move: `${from}-${to}` }), true);
  } catch (error) {
    say(t("illegal-move", { reason: error.message }), true);
  }
}

function chooseRoute(routes) {
  const list = $("route-list");
  list.innerHTML = "";
  for (const m of routes) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "route";
    button.textContent = t("route-takes", { move: shown(m), taken: m.captured.join(", ") });
    const mark = (on) => { for (const n of m.captured) squareRect(n)?.classList.toggle("taken", on); };
    button.addEventListener("mouseenter", () => mark(true));
    button.addEventListener("mouseleave", () => mark(false));
    button.addEventListener("focus", () => mark(true));
    button.addEventListener("blur", () => mark(false));
    button.addEventListener("click", () => run(() => play(m)));
    list.append(button);
  }
  $("routes").hidden = false;
  list.querySelector("button").focus();
  say(t("choose-route"));
}

async function clickSquare(n) {
  if (game.busy) return;
  if (game.view !== null) {
    say(t("earlier-position"), true);
    return;
  }
  if (!myTurn()) {
    say(game.status.state === "ongoing" ? t("wait-computer") : t("game-over-start-new"), true);
    return;
  }
  $("routes").hidden = true;
  const piece = $("board").querySelector(`g[data-square="${n}"]`)?.getAttribute("data-piece");
  const mine = piece && piece[0] === game.status.side_to_move[0];
  // A capture may end on its own starting square (a loop): then the square is a target.
  const loop = n === game.selected && game.legal.some((m) => m.from === n && m.to === n);
  if (mine && !loop) {
    game.selected = n;
    markSquares();
    const count = game.legal.filter((m) => m.from === n).length;
    say(count ? "" : t("piece-no-move", { square: n }), count === 0);
    return;
  }
  if (game.selected === null) {
    say(t("choose-piece-first", { side: sideName(game.status.side_to_move) }), true);
    return;
  }
  await tryMove(game.selected, n);
}

// Every action runs one at a time and reports failures on the page.
// `data-state` on the body says whether the page is idle, for tests and assistive tools.
let running = Promise.resolve();
let pending = 0;
function run(action) {
  pending += 1;
  document.body.dataset.state = "busy";
  running = running.then(action).catch((error) => say(error.message, true)).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.dataset.state = "idle";
  });
  return running;
}

// --- wiring ---------------------------------------------------------------------------

function wire() {
  const board = $("board");
  board.addEventListener("click", (e) => {
    const target = e.target.closest("[data-square]");
    if (target) run(() => clickSquare(Number(target.getAttribute("data-square"))));
  });
  board.addEventListener("keydown", (e) => {
    const target = e.target.closest("[data-square]");
    if (target && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      run(() => clickSquare(Number(target.getAttribute("data-square"))));
    }
  });
  $("new-game").addEventListener("click", () => run(() => newGame()));
  $("variant").addEventListener("change", () => run(() => newGame()));
  $("side").addEventListener("change", () => run(() => newGame()));
  $("opponent").addEventListener("change", () => run(() => computerMoves()));
  $("flip").addEventListener("click", () => run(async () => { game.flip = !game.flip; await drawBoard(); }));
  $("undo").addEventListener("click", () => run(undo));
  $("redo").addEventListener("click", () => run(redo));
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    run(typedMove);
  });
  $("load-fen").addEventListener("click", () => run(loadFen));
  $("load-pdn").addEventListener("click", () => run(loadPdn));
  $("export-pdn").addEventListener("click", () => { $("pdn").value = exportPdn(); say(t("pdn-in-box")); });
  $("hint").addEventListener("click", () => run(hint));
  // A review streams beside the other actions (they do not wait for it); `data-review` on
  // the body says where it is: running, done or stopped.
  $("review").addEventListener("click", () => {
    reviewGame().catch((error) => { document.body.dataset.review = "stopped"; say(error.message, true); });
  });
  $("close-review").addEventListener("click", () => { cancelReview(); closeAnalysis(); run(show); });
  $("download-pdn").addEventListener("click", downloadReview);
  $("back-to-game").addEventListener("click", () => run(() => browse(null)));
  $("moves").addEventListener("click", (e) => {
    const button = e.target.closest("button.ply");
    // A ply shows the position it was played in, with the engine's best move there.
    if (button) run(() => browse(Number(button.dataset.ply) - 1));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    const now = shownPlies();
    const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: game.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    run(() => browse(Math.max(0, Math.min(game.moves.length, to))));
  });
  $("lang").addEventListener("change", () => run(async () => {
    localStorage.setItem("lang", $("lang").value);
    await loadStrings($("lang").value);
    await show();
  }));
  // Leaving the page stops a review in progress (the service stops its search too).
  window.addEventListener("pagehide", cancelReview);
}

async function undo() {
  cancelReview();
  closeAnalysis();
  // Against the computer, take back its reply too, so that it is the player's turn again.
  const plies = againstComputer() && game.status.side_to_move === humanSide() ? 2 : 1;
  for (let i = 0; i < plies && game.moves.length; i++) game.redo.push(game.moves.pop());
  await refresh();
  say(t("taken-back"));
  await computerMoves();
}

async function redo() {
  const plies = againstComputer() && game.redo.length >= 2 ? 2 : 1;
  for (let i = 0; i < plies && game.redo.length; i++) game.moves.push(game.redo.pop());
  await refresh();
  say(t("replayed"));
}

async function typedMove() {
  const text = $("move-input").value.trim();
  if (!text || !myTurn()) return;
  // The service resolves any notation (`32-28`, `c3-d4`, `28x10`) and explains refusals.
  const answer = await call("/apply", { variant: game.variant.id, history: history(), move: text })
    .catch((error) => { throw new Error(t("illegal-move", { reason: error.message })); });
  $("move-input").value = "";
  const view = game.legal.find((m) => m.notation === answer.move.notation) || answer.move;
  await play(view);
}

async function loadFen() {
  const fen = $("fen").value.trim();
  await call("/moves", { variant: $("variant").value, position: fen });
  $("opponent").value = "human";
  await newGame(fen);
  say(t("position-set"));
}

// Movetext to move tokens: tags, comments, variations, move numbers and results removed.
// The service then checks every move.
function pdnMoves(text) {
  const fen = /\[FEN\s+"([^"]*)"\]/.exec(text);
  let body = text.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ");
  while (/\([^()]*\)/.test(body)) body = body.replace(/\([^()]*\)/g, " ");
  const tokens = body.split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, "").replace(/[!?]+$/, ""))
    .filter((t) => t && !/^(\*|1-0|0-1|2-0|0-2|1-1|1\/2-1\/2|\$\d+)$/.test(t));
  return { start: fen ? fen[1] : null, moves: tokens };
}

async function loadPdn() {
  const { start, moves } = pdnMoves($("pdn").value);
  const checked = await call("/games/validate", { variant: $("variant").value, start: start ?? undefined, moves });
  if (!checked.valid) throw new Error(t("move-refused", { ply: checked.error.ply, move: checked.error.move, reason: checked.error.reason }));
  $("opponent").value = "human";
  await newGame(start, moves.map((t) => ({ notation: t, shown: t })));
  say(t("game-loaded", { count: moves.length }));
}

function exportPdn() {
  const v = game.variant;
  const tags = [];
  if (v.pdn_game_type) tags.push(`[GameType "${v.pdn_game_type}"]`);
  if (game.start) tags.push(`[FEN "${game.start}"]`);
  const s = game.status;
  const big = v.board_size > 8;
  const result = s.state === "win" ? (s.winner === "white" ? (big ? "2-0" : "1-0") : (big ? "0-2" : "0-1"))
    : s.state === "draw" ? (big ? "1-1" : "1/2-1/2") : "*";
  tags.push(`[Result "${result}"]`);
  const parts = [];
  game.moves.forEach((m, i) => {
    if (i % 2 === 0) parts.push(`${i / 2 + 1}.`);
    parts.push(m.notation);
  });
  parts.push(result);
  return tags.join("\n") + "\n\n" + parts.join(" ") + "\n";
}


// --- analysis: browsing, hints, the review ----------------------------------------------

const notations = (plies) => game.moves.slice(0, plies).map((m) => m.notation);

// Show the position after `plies` plies (null or the game's length: the game now).
async function browse(plies) {
  if (plies === null || plies >= game.moves.length) {
    game.view = null;
  } else {
    if (!game.fens.has(plies)) {
      const checked = await call("/games/validate", { variant: game.variant.id, start: game.start ?? undefined, moves: notations(plies) });
      game.fens.set(plies, checked.position);
    }
    game.view = plies;
  }
  game.selected = null;
  await show();
}

function scoreText(score) {
  if (score.win_in_plies !== undefined) return t("wins-in", { moves: Math.ceil(score.win_in_plies / 2) });
  if (score.loss_in_plies !== undefined) return t("loses-in", { moves: Math.ceil(score.loss_in_plies / 2) });
  const pieces = score.centipieces / 100;
  return (pieces > 0 ? "+" : "") + pieces.toFixed(2);
}

// White's share of a score given for `side` (a logistic of the centipieces; 1 or 0 when won).
function whiteShare(score, side) {
  let share;
  if (score.win_in_plies !== undefined) share = 1;
  else if (score.loss_in_plies !== undefined) share = 0;
  else share = 1 / (1 + Math.exp(-score.centipieces / 150));
  return side === "white" ? share : 1 - share;
}

// The bar beside the board: the hint's score of the shown position, else the review's.
function showEval() {
  const fen = shownFen();
  const side = fen.startsWith("B") ? "black" : "white";
  let score = null;
  if (analysis.hint && analysis.hint.fen === fen && analysis.hint.moves.length) score = analysis.hint.moves[0].score;
  const reviewed = analysis.review && analysis.review.plies[shownPlies()];
  if (!score && reviewed) score = reviewed.best_score;
  $("evalbar").hidden = !score;
  if (!score) return;
  const white = whiteShare(score, side);
  $("evalfill").style.width = `${(100 * white).toFixed(1)}%`;
  const text = scoreText(score);
  $("evaltext").textContent = t("eval-text", { side: sideName(side), score: text });
}

const hintLevel = () => (againstComputer() ? opponent() : "medium");

async function hint() {
  const fen = shownFen();
  const answer = await call("/analyze", {
    variant: game.variant.id,
    history: { start: game.start ?? undefined, moves: notations(shownPlies()) },
    level: hintLevel(), multipv: 3,
  });
  // The first three moves are scored exactly; the others only bounded: leave those out.
  const scored = answer.moves.filter((m) => m.bound === "exact").slice(0, 3);
  analysis.hint = { fen, moves: scored };
  const list = $("hint-list");
  list.innerHTML = "";
  for (const m of scored) {
    const li = document.createElement("li");
    li.textContent = shown(m.move) + " ";
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = scoreText(m.score);
    li.append(score);
    list.append(li);
  }
  $("hint-panel").hidden = false;
  say(scored.length ? t("best-here", { move: shown(scored[0].move), score: scoreText(scored[0].score) }) : t("no-move"));
  await show();
}

function closeAnalysis() {
  analysis.hint = null;
  analysis.review = null;
  $("hint-panel").hidden = true;
  $("review-panel").hidden = true;
}

function cancelReview() {
  if (analysis.reviewing) {
    analysis.reviewing.abort();
    document.body.dataset.review = "stopped";
  }
  analysis.reviewing = null;
}

// The review streams (`text/event-stream`): a `ply` event per ply, then `summary`.
async function reviewGame() {
  cancelReview();
  if (!game.moves.length) {
    say(t("review-first"), true);
    return;
  }
  const controller = new AbortController();
  analysis.reviewing = controller;
  document.body.dataset.review = "running";
  analysis.review = { plies: [] };
  $("review-panel").hidden = false;
  $("review-progress").max = game.moves.length;
  $("review-progress").value = 0;
  $("review-graph").innerHTML = "";
  $("review-accuracy").textContent = "";
  $("download-pdn").disabled = true;
  $("review-state").textContent = t("reviewing", { count: game.moves.length });
  showMoves();
  try {
    const response = await fetch(withLang("/games/analyze"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({
        variant: game.variant.id, start: game.start ?? undefined,
        moves: game.moves.map((m) => m.notation), limits: { time_ms: 150 }, graph: true,
      }),
      signal: controller.signal,
    });
    if (!response.ok) throw new ApiProblem(await response.json());
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        reviewEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  } catch (error) {
    if (error.name === "AbortError") return;
    throw error;
  } finally {
    if (analysis.reviewing === controller) analysis.reviewing = null;
  }
  await show();
}

function reviewEvent(text) {
  let kind = "message";
  let data = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("event:")) kind = line.slice(6).trim();
    else if (line.startsWith("data:")) data += line.slice(5).trim();
  }
  if (!data || !analysis.review) return;
  const payload = JSON.parse(data);
  if (kind === "ply") {
    analysis.review.plies.push(payload);
    $("review-progress").value = analysis.review.plies.length;
    showMoves();
  } else if (kind === "summary") {
    analysis.review = payload;
    $("review-progress").value = payload.plies.length;
    $("review-graph").innerHTML = payload.graph || "";
    const { white, black } = payload.summary;
    $("review-accuracy").textContent = t("accuracy", {
      white: white.accuracy.toFixed(1), black: black.accuracy.toFixed(1),
      wb: white.blunder, bb: black.blunder, wm: white.mistake, bm: black.mistake,
    });
    const stopped = payload.error ? " " + t("review-stopped", { ply: payload.error.ply, reason: payload.error.reason }) : "";
    $("review-state").textContent = `${t("review-done", { count: payload.plies.length })}${stopped} ${t("review-click")}`;
    $("download-pdn").disabled = !payload.pdn;
    document.body.dataset.review = "done";
    showMoves();
  }
}

function downloadReview() {
  if (!analysis.review || !analysis.review.pdn) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([analysis.review.pdn], { type: "application/x-chess-pdn" }));
  link.download = `review-${game.variant.id}.pdn`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function start() {
  await loadStrings(localStorage.getItem("lang"));
  wire();
  const response = await fetch(withLang("/variants"));
  game.variants = await response.json();
  for (const v of game.variants) {
    const option = document.createElement("option");
    option.value = v.id;
    option.textContent = v.name;
    $("variant").append(option);
  }
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && game.variants.some((v) => v.id === wanted)) $("variant").value = wanted;
  await newGame();
}

run(start);
