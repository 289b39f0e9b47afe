// The page at `/`: a game against the computer or between two people, using only the
// public API. The service knows the rules; this file only keeps the game's moves, draws the
// board the service returns and sends clicks.
"use strict";

const $ = (id) => document.getElementById(id);

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
};

// --- the API -----------------------------------------------------------------------

class ApiProblem extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || "request failed");
    this.problem = problem;
  }
}

async function call(path, body) {
  const response = await fetch(path, {
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

async function drawBoard() {
  const query = new URLSearchParams({ variant: game.variant.id, position: game.fen, size: "560" });
  if (game.flip) query.set("flip", "true");
  const response = await fetch("/board.svg?" + query);
  if (!response.ok) throw new ApiProblem(await response.json());
  $("board").innerHTML = await response.text();
  for (const element of $("board").querySelectorAll("[data-square]")) {
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    const piece = element.getAttribute("data-piece");
    const name = "square " + element.getAttribute("data-square");
    element.setAttribute("aria-label", piece ? name + ", " + pieceName(piece) : name);
  }
  markSquares();
}

function pieceName(code) {
  return (code[0] === "w" ? "white " : "black ") + (code[1] === "k" ? "king" : "man");
}

function squareRect(n) {
  return $("board").querySelector(`rect[data-square="${n}"]`);
}

function markSquares() {
  for (const r of $("board").querySelectorAll("rect[data-square]")) r.removeAttribute("class");
  const last = game.moves[game.moves.length - 1];
  if (last && last.path) for (const n of [last.from, last.to]) squareRect(n)?.classList.add("last");
  if (game.selected !== null) {
    squareRect(game.selected)?.classList.add("selected");
    for (const m of game.legal) if (m.from === game.selected) squareRect(m.to)?.classList.add("target");
  }
}

function showStatus() {
  const s = game.status;
  let text;
  if (s.state === "win") text = `${cap(s.winner)} wins (${words(s.reason)})`;
  else if (s.state === "draw") text = `Draw (${words(s.reason)})`;
  else if (game.busy) text = "The computer is thinking…";
  else text = `${cap(s.side_to_move)} to move` + (game.legal.length && game.legal[0].captured.length ? ": a capture is compulsory" : "");
  $("status").textContent = text;
  const c = s.counters;
  $("counters").innerHTML = "";
  for (const [key, value] of Object.entries(c)) {
    const dt = document.createElement("dt");
    dt.textContent = words(key);
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

function showMoves() {
  const list = $("moves");
  list.innerHTML = "";
  for (let i = 0; i < game.moves.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = game.moves.slice(i, i + 2).map((m) => m.shown).join("  ");
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

async function show() {
  await drawBoard();
  showStatus();
  showMoves();
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
  if (!checked.valid) throw new Error(`move ${checked.error.ply} (${checked.error.move}): ${checked.error.reason}`);
  game.fen = checked.position;
  game.status = checked.status;
  game.legal = moves.moves;
  game.selected = null;
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
    say(`${view.notation} played.`);
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
    say(answer.reply ? `You played ${shown(answer.player_move)}; the computer answered ${shown(answer.reply)}.` : `You played ${shown(answer.player_move)}.`);
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
    say(`The computer played ${shown(answer.move)}.`);
  } finally {
    game.busy = false;
    await show();
  }
}

async function newGame(start = null, moves = []) {
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
    say(`${from}-${to} is not allowed here.`, true);
  } catch (error) {
    say(`Illegal move: ${error.message}`, true);
  }
}

function chooseRoute(routes) {
  const list = $("route-list");
  list.innerHTML = "";
  for (const m of routes) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "route";
    button.textContent = `${shown(m)} (takes ${m.captured.join(", ")})`;
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
  say("Choose the capture route.");
}

async function clickSquare(n) {
  if (game.busy) return;
  if (!myTurn()) {
    say(game.status.state === "ongoing" ? "Wait for the computer's move." : "The game is over: start a new one.", true);
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
    say(count ? "" : `The piece on ${n} has no legal move here.`, count === 0);
    return;
  }
  if (game.selected === null) {
    say(`Choose one of ${game.status.side_to_move}'s pieces first.`, true);
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
  $("export-pdn").addEventListener("click", () => { $("pdn").value = exportPdn(); say("The game is in the PDN box."); });
}

async function undo() {
  // Against the computer, take back its reply too, so that it is the player's turn again.
  const plies = againstComputer() && game.status.side_to_move === humanSide() ? 2 : 1;
  for (let i = 0; i < plies && game.moves.length; i++) game.redo.push(game.moves.pop());
  await refresh();
  say("Move taken back.");
  await computerMoves();
}

async function redo() {
  const plies = againstComputer() && game.redo.length >= 2 ? 2 : 1;
  for (let i = 0; i < plies && game.redo.length; i++) game.moves.push(game.redo.pop());
  await refresh();
  say("Move replayed.");
}

async function typedMove() {
  const text = $("move-input").value.trim();
  if (!text || !myTurn()) return;
  // The service resolves any notation (`32-28`, `c3-d4`, `28x10`) and explains refusals.
  const answer = await call("/apply", { variant: game.variant.id, history: history(), move: text })
    .catch((error) => { throw new Error(`Illegal move: ${error.message}`); });
  $("move-input").value = "";
  const view = game.legal.find((m) => m.notation === answer.move.notation) || answer.move;
  await play(view);
}

async function loadFen() {
  const fen = $("fen").value.trim();
  await call("/moves", { variant: $("variant").value, position: fen });
  $("opponent").value = "human";
  await newGame(fen);
  say("Position set up.");
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
  if (!checked.valid) throw new Error(`move ${checked.error.ply} (${checked.error.move}): ${checked.error.reason}`);
  $("opponent").value = "human";
  await newGame(start, moves.map((t) => ({ notation: t, shown: t })));
  say(`Game loaded: ${moves.length} moves.`);
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

async function start() {
  wire();
  const response = await fetch("/variants");
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
