#include "gamehost/server/store.h"

#include <fmt/core.h>
#include <sqlite3.h>

#include "gamehost/base/error.h"

namespace gamehost::server {
namespace {

// A prepared statement, finalized on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql, const std::string& file) : db_(db), file_(file) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
      throw HostError(fmt::format("{}: {}", file, sqlite3_errmsg(db)));
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  void bind(int i, const std::string& text) { sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT); }
  void bind_blob(int i, const std::string& bytes) {
    sqlite3_bind_blob(stmt_, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  }
  void bind(int i, std::int64_t value) { sqlite3_bind_int64(stmt_, i, value); }
  // Steps once: true while rows come.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw HostError(fmt::format("{}: {}", file_, sqlite3_errmsg(db_)));
  }
  std::string text(int i) {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, i));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i))) : std::string();
  }
  std::int64_t integer(int i) { return sqlite3_column_int64(stmt_, i); }

 private:
  sqlite3* db_;
  const std::string& file_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace

Store::Store(const std::filesystem::path& file) : file_(file.string()) {
  if (sqlite3_open(file_.c_str(), &db_) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw HostError(fmt::format("{}: cannot open the server's database: {}", file_, why));
  }
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=NORMAL");  // WAL: a committed transaction survives a killed process
  exec("CREATE TABLE IF NOT EXISTS games(id TEXT PRIMARY KEY, created_ms INTEGER NOT NULL, game_type TEXT NOT NULL, "
       "status INTEGER NOT NULL, result TEXT NOT NULL, end_reason INTEGER NOT NULL, log_path TEXT NOT NULL, "
       "secret_path TEXT NOT NULL, turn_started_ms INTEGER NOT NULL, deadline_ms INTEGER NOT NULL, "
       "chance_seed INTEGER NOT NULL, summary BLOB NOT NULL)");
  exec("CREATE TABLE IF NOT EXISTS seats(game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, "
       "kind TEXT NOT NULL, player TEXT NOT NULL, token_hash BLOB NOT NULL, remaining_ms INTEGER NOT NULL, "
       "rematch INTEGER NOT NULL, PRIMARY KEY(game_id, seat))");
  exec("CREATE TABLE IF NOT EXISTS server(key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
}

Store::~Store() {
  try {
    flush();
  } catch (const HostError&) {
    // Closing: the staged clocks are lost, the moves are in the logs.
  }
  sqlite3_finalize(insert_game_);
  sqlite3_finalize(insert_seat_);
  sqlite3_close(db_);
}

void Store::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string why = error ? error : "unknown error";
    sqlite3_free(error);
    throw HostError(fmt::format("{}: {}", file_, why));
  }
}

sqlite3_stmt* Store::prepared(sqlite3_stmt*& cached, const char* sql) {
  if (!cached && sqlite3_prepare_v2(db_, sql, -1, &cached, nullptr) != SQLITE_OK)
    throw HostError(fmt::format("{}: {}", file_, sqlite3_errmsg(db_)));
  sqlite3_reset(cached);
  sqlite3_clear_bindings(cached);
  return cached;
}

void Store::write(const GameRecord& g) {
  const auto bind_text = [](sqlite3_stmt* q, int i, const std::string& text) {
    sqlite3_bind_text(q, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  };
  const auto bind_blob = [](sqlite3_stmt* q, int i, const std::string& bytes) {
    sqlite3_bind_blob(q, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  };
  const auto run = [this](sqlite3_stmt* q) {
    if (sqlite3_step(q) != SQLITE_DONE) throw HostError(fmt::format("{}: {}", file_, sqlite3_errmsg(db_)));
  };
  sqlite3_stmt* game = prepared(insert_game_,
                                "INSERT OR REPLACE INTO games(id, created_ms, game_type, status, result, end_reason, "
                                "log_path, secret_path, turn_started_ms, deadline_ms, chance_seed, summary) "
                                "VALUES(?,?,?,?,?,?,?,?,?,?,?,?)");
  bind_text(game, 1, g.id);
  sqlite3_bind_int64(game, 2, g.summary.created_ms());
  bind_text(game, 3, g.summary.game_type());
  sqlite3_bind_int64(game, 4, static_cast<std::int64_t>(g.summary.status()));
  bind_text(game, 5, g.summary.result());
  sqlite3_bind_int64(game, 6, static_cast<std::int64_t>(g.end_reason));
  bind_text(game, 7, g.log_path);
  bind_text(game, 8, g.secret_path);
  sqlite3_bind_int64(game, 9, g.turn_started_ms);
  sqlite3_bind_int64(game, 10, g.deadline_ms);
  sqlite3_bind_int64(game, 11, static_cast<std::int64_t>(g.chance_seed));
  bind_blob(game, 12, g.summary.SerializeAsString());
  run(game);
  for (const auto& s : g.seats) {
    sqlite3_stmt* seat = prepared(insert_seat_,
                                  "INSERT OR REPLACE INTO seats(game_id, seat, kind, player, token_hash, "
                                  "remaining_ms, rematch) VALUES(?,?,?,?,?,?,?)");
    bind_text(seat, 1, g.id);
    sqlite3_bind_int64(seat, 2, s.seat);
    bind_text(seat, 3, s.kind);
    bind_text(seat, 4, s.player);
    bind_blob(seat, 5, s.token_hash);
    sqlite3_bind_int64(seat, 6, s.remaining_ms);
    sqlite3_bind_int64(seat, 7, static_cast<std::int64_t>(s.rematch));
    run(seat);
  }
}

void Store::commit(const GameRecord* also) {
  exec("BEGIN IMMEDIATE");
  try {
    for (const auto& [id, g] : staged_)
      if (!also || id != also->id) write(g);
    if (also) write(*also);
    exec("COMMIT");
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
  staged_.clear();
}

void Store::save(const GameRecord& g) { commit(&g); }

bool Store::stage(const GameRecord& g) {
  staged_[g.id] = g;
  const bool schedule = !flush_scheduled_;
  flush_scheduled_ = true;
  return schedule;
}

void Store::flush() {
  flush_scheduled_ = false;  // a failed flush is retried by the next stage or save
  if (!staged_.empty()) commit(nullptr);
}

std::vector<GameRecord> Store::load_all() {
  flush();
  std::vector<GameRecord> games;
  Statement q(db_,
              "SELECT id, log_path, secret_path, end_reason, turn_started_ms, deadline_ms, chance_seed, summary, status FROM games "
              "ORDER BY created_ms, id",
              file_);
  while (q.step()) {
    GameRecord g;
    g.id = q.text(0);
    g.log_path = q.text(1);
    g.secret_path = q.text(2);
    g.end_reason = static_cast<net::EndReason>(q.integer(3));
    g.turn_started_ms = q.integer(4);
    g.deadline_ms = q.integer(5);
    g.chance_seed = static_cast<std::uint64_t>(q.integer(6));
    if (!g.summary.ParseFromString(q.text(7)))
      throw HostError(fmt::format("{}: game {}: its summary does not parse", file_, g.id));
    g.summary.set_status(static_cast<net::GameStatus>(q.integer(8)));  // the column is the one queried
    Statement seats(db_,
                    "SELECT seat, kind, player, token_hash, remaining_ms, rematch FROM seats WHERE game_id = ? "
                    "ORDER BY seat",
                    file_);
    seats.bind(1, g.id);
    while (seats.step()) {
      SeatRecord s;
      s.seat = static_cast<int>(seats.integer(0));
      s.kind = seats.text(1);
      s.player = seats.text(2);
      s.token_hash = seats.text(3);
      s.remaining_ms = seats.integer(4);
      s.rematch = seats.integer(5) != 0;
      g.seats.push_back(std::move(s));
    }
    games.push_back(std::move(g));
  }
  return games;
}

void Store::set_alive(std::int64_t ms) {
  Statement q(db_, "INSERT OR REPLACE INTO server(key, value) VALUES('alive_ms', ?)", file_);
  q.bind(1, ms);
  q.step();
}

std::int64_t Store::alive() {
  Statement q(db_, "SELECT value FROM server WHERE key = 'alive_ms'", file_);
  return q.step() ? q.integer(0) : 0;
}

}  // namespace gamehost::server
