// A game built decision by decision from what people wrote down: every
// decision is read in the game's notation and checked by the game's rules
// (ParseAction) before it is applied, and can be taken back. The result is
// an ordinary log (game_log.h) that records the people who played, not
// agents. Games with chance are refused: a table's dice are not recorded.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/records/output_file.h"
#include "gamehost/calls/plugin.h"

namespace gamehost::formats {

// The people's side of a log header (LogHeader fields 50-54).
struct Metadata {
  std::vector<std::string> players;  // one per seat, in seat order; may be empty
  std::string event, date, site, round, source;
};

// Every text of `meta` is strict UTF-8 before a protobuf message holds it
// (a log with invalid UTF-8 would be written and then refused); else
// HostError "WHERE: event 'Club \xff night': not UTF-8 text (byte 5)", with
// no "WHERE: " when `where` is empty.
void check_metadata_text(const Metadata& meta, const std::string& where = "");

class GameBuilder {
 public:
  // Starts the game with `options` (e.g. layout=...). Throws HostError when
  // the game has chance, when the plugin refuses the options, or when
  // `meta.players` does not name every seat.
  GameBuilder(Plugin& plugin, const std::vector<pb::OptionValue>& options, std::uint64_t seed, const Metadata& meta);

  // Applies the decision written `text`; nullopt when it is legal, else why
  // not, in the game's words (its ruling), and nothing changes.
  std::optional<std::string> play(const std::string& text);
  bool undo();  // takes back the last decision; false at the start

  int plies() const { return static_cast<int>(steps_.size()) - 1; }
  const std::string& state() const { return steps_.back().state; }
  const pb::StateInfo& info() const { return steps_.back().info; }
  const pb::LogPly& last_ply() const { return steps_.back().ply; }
  // The state before the last seat's move, for the board's mark ("" at the
  // start).
  std::string before_last_move() const;
  // The seat to move by name ("Black"), or "nobody" once the game is over.
  std::string mover() const;
  Plugin& plugin() const { return plugin_; }

  // The whole log: header, plies, and the result once the game is over.
  pb::GameRecord record() const;
  // Locks `path` for every write to come (refused while another process
  // writes it) before a decision is read; without `overwrite` the first
  // write refuses a file that appeared meanwhile instead of replacing it.
  void hold(const std::filesystem::path& path, bool overwrite);
  // Writes the log to `path` through a temporary file and a rename, so a
  // reader never sees half a log, and keeps it locked (output_file.h). Notes
  // beside `path` (LOG.ghnotes) belong to the log it replaces and are removed.
  void write(const std::filesystem::path& path) const;

 private:
  struct Step {
    std::string state;
    pb::StateInfo info;
    pb::LogPly ply;  // the decision that led here (empty for the start)
  };
  Plugin& plugin_;
  pb::LogHeader header_;
  std::vector<Step> steps_;
  // The lock on the log written (write() is const: it changes no game).
  mutable std::unique_ptr<ReplaceLock> held_;
  mutable std::filesystem::path held_path_;
  mutable bool written_ = false;
  bool overwrite_ = true;
};

// Throws HostError "PATH: already exists (use --force to overwrite it)"
// unless `overwrite`: checked before any move is read.
void check_new_file(const std::filesystem::path& path, bool overwrite);

}  // namespace gamehost::formats
