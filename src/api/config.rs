//! Service configuration: flags and environment variables, with defaults that serve at once.

use clap::Args;

#[derive(Args, Clone, Debug)]
/// Service configuration: every flag of `serve`, each with its environment variable.
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "DRAUGHTS_API_ADDR", default_value = "0.0.0.0:8080")]
    pub addr: String,
    /// HTTP worker threads (0: one per CPU).
    #[arg(long, env = "DRAUGHTS_API_WORKERS", default_value_t = 0)]
    pub workers: usize,
    /// Largest request body accepted, in bytes.
    #[arg(long, env = "DRAUGHTS_API_MAX_BODY_BYTES", default_value_t = 256 * 1024)]
    pub max_body_bytes: usize,
    /// Most moves accepted in a `history` or a validated game.
    #[arg(long, env = "DRAUGHTS_API_MAX_MOVES", default_value_t = 2000)]
    pub max_moves: usize,
    /// Most games in one PDN text sent to `/games/validate`.
    #[arg(long, env = "DRAUGHTS_API_MAX_GAMES", default_value_t = 1000)]
    pub max_games: usize,
    /// Entries the result cache may hold.
    #[arg(long, env = "DRAUGHTS_API_CACHE_ENTRIES", default_value_t = 20_000)]
    pub cache_entries: u64,
    /// Memory the result cache may use, in MiB (responses are weighed by size).
    #[arg(long, env = "DRAUGHTS_API_CACHE_MB", default_value_t = 64)]
    pub cache_mb: u64,
    /// Hard cap on a search's time, in milliseconds.
    #[arg(long, env = "DRAUGHTS_API_MAX_SEARCH_MS", default_value_t = 10_000)]
    pub max_search_ms: u64,
    /// The most search time one game review (`/games/analyze`) may take in all, in ms.
    #[arg(long, env = "DRAUGHTS_API_MAX_REVIEW_MS", default_value_t = 60_000)]
    pub max_review_ms: u64,
    /// Hard cap on a search's depth, in plies.
    #[arg(long, env = "DRAUGHTS_API_MAX_SEARCH_DEPTH", default_value_t = 64)]
    pub max_search_depth: u32,
    /// Searches that may run at once (0: one per CPU). More get 503.
    #[arg(long, env = "DRAUGHTS_API_SEARCH_SLOTS", default_value_t = 0)]
    pub search_slots: usize,
    /// Slots kept for short searches (a time limit of at most 500 ms: `easy`, `medium`),
    /// beyond `search_slots`, so a quick move is answered while long searches fill the rest.
    #[arg(long, env = "DRAUGHTS_API_SHORT_SEARCH_SLOTS", default_value_t = 1)]
    pub short_search_slots: usize,
    /// Seconds of search each client regains per second (its fair share).
    #[arg(long, env = "DRAUGHTS_API_CLIENT_SEARCH_RATE", default_value_t = 2.0)]
    pub client_search_rate: f64,
    /// Seconds of search a client may spend in one burst.
    #[arg(long, env = "DRAUGHTS_API_CLIENT_SEARCH_BURST", default_value_t = 10.0)]
    pub client_search_burst: f64,
    /// Searches one client may run at once.
    #[arg(long, env = "DRAUGHTS_API_CLIENT_MAX_SEARCHES", default_value_t = 2)]
    pub client_max_searches: u32,
    /// A file of API keys with their own allowance, a line each: `KEY RATE BURST CONCURRENT`.
    #[arg(long, env = "DRAUGHTS_API_API_KEYS")]
    pub api_keys: Option<std::path::PathBuf>,
    /// Identify clients by the last `X-Forwarded-For` address (behind a trusted ingress).
    #[arg(
        long,
        env = "DRAUGHTS_API_TRUST_FORWARDED_FOR",
        default_value_t = false
    )]
    pub trust_forwarded_for: bool,
    /// Pictures rasterised at once (0: one per CPU).
    #[arg(long, env = "DRAUGHTS_API_RENDER_SLOTS", default_value_t = 0)]
    pub render_slots: usize,
    /// Pictures that may wait for a render slot; more get 503.
    #[arg(long, env = "DRAUGHTS_API_RENDER_QUEUE", default_value_t = 8)]
    pub render_queue: usize,
    /// Transposition table size per search, in MiB.
    #[arg(long, env = "DRAUGHTS_API_TT_MB", default_value_t = 16)]
    pub tt_mb: usize,
    /// Log as JSON lines (for production) instead of text.
    #[arg(long, env = "DRAUGHTS_API_LOG_JSON", default_value_t = false)]
    pub log_json: bool,
    /// Serve `POST /_echo` (parses and re-serializes JSON): the baseline for load tests.
    #[arg(long, env = "DRAUGHTS_API_BENCH_ECHO", default_value_t = false)]
    pub bench_echo: bool,
    /// Browser origins allowed to call the API (CORS): `*` for any, or a comma-separated list
    /// such as `https://play.example.com,http://localhost:3000`. No credentials are allowed.
    #[arg(long, env = "DRAUGHTS_API_CORS_ORIGINS", default_value = "*")]
    pub cors_origins: String,
    /// Endgame tables built at start-up (in the background) for every preset: positions with
    /// up to this many pieces are looked up, not searched (0: none).
    #[arg(long, env = "DRAUGHTS_API_BITBASE_PIECES", default_value_t = 4)]
    pub bitbase_pieces: u32,
    /// A directory of table files written by `draughts-api bitbase build`
    /// (`<dir>/<variant>/<material>.dtb`), mapped at start; tables missing there are built.
    #[arg(long, env = "DRAUGHTS_API_BITBASE_DIR")]
    pub bitbase_dir: Option<std::path::PathBuf>,
    /// Readiness waits until every preset's endgame tables are in (read or built), so a
    /// replica takes traffic only at full strength.
    #[arg(long, env = "DRAUGHTS_API_REQUIRE_TABLES", default_value_t = false)]
    pub require_tables: bool,
    /// Seconds in-flight requests get to finish after SIGTERM.
    #[arg(long, env = "DRAUGHTS_API_SHUTDOWN_SECS", default_value_t = 25)]
    pub shutdown_secs: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: "0.0.0.0:8080".into(),
            workers: 0,
            max_body_bytes: 256 * 1024,
            max_moves: 2000,
            max_games: 1000,
            cache_entries: 20_000,
            cache_mb: 64,
            max_search_ms: 10_000,
            max_search_depth: 64,
            max_review_ms: 60_000,
            search_slots: 0,
            short_search_slots: 1,
            client_search_rate: 2.0,
            client_search_burst: 10.0,
            client_max_searches: 2,
            api_keys: None,
            trust_forwarded_for: false,
            render_slots: 0,
            render_queue: 8,
            tt_mb: 16,
            log_json: false,
            bench_echo: false,
            shutdown_secs: 25,
            cors_origins: "*".into(),
            bitbase_pieces: 4,
            bitbase_dir: None,
            require_tables: false,
        }
    }
}

impl Config {
    /// Defaults overridden by the environment (for a run with no subcommand).
    pub fn from_env() -> Config {
        #[derive(clap::Parser)]
        struct Only {
            #[command(flatten)]
            config: Config,
        }
        use clap::Parser;
        Only::try_parse_from(["draughts-api"])
            .map(|o| o.config)
            .unwrap_or_default()
    }

    /// The machine's CPUs (the default for workers and search slots).
    pub fn cpus() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// Pictures that may be rasterised at once (`render_slots`, or one per CPU).
    pub fn render_slots(&self) -> usize {
        if self.render_slots == 0 {
            Self::cpus()
        } else {
            self.render_slots
        }
    }

    /// Searches that may run at once (`search_slots`, or one per CPU).
    pub fn search_slots(&self) -> usize {
        if self.search_slots == 0 {
            Self::cpus()
        } else {
            self.search_slots
        }
    }
}
