// The server's records in SQLite (WAL mode): games, their seats with token
// hashes, clocks and results. Each game's moves are in its crash-safe log
// (.ghlog), which the record names; the log is the truth about the moves,
// the database about everything else. A change that must outlive a crash
// before it is answered (a token issued, a game created or ended) is
// committed at once (save); the records a move changes (ply count, clocks)
// are staged and committed together, many games' in one transaction, by the
// next flush (group commit, docs/performance.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "net.pb.h"

struct sqlite3;
struct sqlite3_stmt;

namespace gamehost::server {

namespace net = gamehost::net::v1;

struct SeatRecord {
  int seat = 0;
  std::string kind;        // "open", "invite", "engine", "person"
  std::string player;      // a name or an engine spec
  std::string token_hash;  // SHA-256 of the seat's token; empty: none issued
  std::int64_t remaining_ms = 0;  // live clocks
  bool rematch = false;    // offered a rematch
};

struct GameRecord {
  std::string id;
  net::GameSummary summary;  // status, options, time control, result, ...
  std::string log_path;      // relative to the data folder
  std::string secret_path;   // the game's secrets (mode 0600), for resuming; empty: none
  net::EndReason end_reason = net::END_REASON_UNSPECIFIED;
  std::int64_t turn_started_ms = 0;  // when the running clock started
  std::int64_t deadline_ms = 0;      // correspondence
  std::uint64_t chance_seed = 0;     // a reproducible game's (a secret game's is in its secret file)
  std::vector<SeatRecord> seats;
};

class Store {
 public:
  // Opens (creating) DIR/server.sqlite. Throws HostError naming the file.
  explicit Store(const std::filesystem::path& file);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Inserts or replaces the game and all its seats, together with every
  // staged record, in one transaction, committed before it returns.
  void save(const GameRecord& game);
  // Stages the game's record for the next flush (a later record of the same
  // game replaces it). True when nothing was staged before: the caller
  // schedules the flush.
  bool stage(const GameRecord& game);
  // Commits every staged record in one transaction.
  void flush();
  // Every game, in the order created.
  std::vector<GameRecord> load_all();
  // The server's heartbeat: the last time it was known to run (so that a
  // restart charges no clock for the time it was down).
  void set_alive(std::int64_t ms);
  std::int64_t alive() ;

 private:
  void exec(const char* sql);
  // Writes one game's rows inside the open transaction.
  void write(const GameRecord& game);
  // Commits `also` (when given) and the staged records in one transaction.
  void commit(const GameRecord* also);
  sqlite3_stmt* prepared(sqlite3_stmt*& cached, const char* sql);
  sqlite3* db_ = nullptr;
  std::string file_;
  std::map<std::string, GameRecord> staged_;  // by game id
  bool flush_scheduled_ = false;
  sqlite3_stmt* insert_game_ = nullptr;       // prepared once, reset after each use
  sqlite3_stmt* insert_seat_ = nullptr;
};

}  // namespace gamehost::server
