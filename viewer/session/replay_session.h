// A recorded game opened for viewing: the log, the plugin it names (through
// the host library), every ply replayed and verified exactly as `gamehost
// verify` does, the state after each ply, and scenes rendered on demand
// through the plugin's RenderScene call. Knows no game.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"
#include "viewer/session/record_info.h"
#include "scene.pb.h"

namespace viewer {

namespace pb = gamehost::v1;

struct Move {
  int ply = 0;          // 1-based
  int seat = 0;         // who made it (-1: chance)
  std::uint32_t action_id = 0;
  std::string notation;
  bool secret = false;  // a draw the viewer may not see: listed as "?"
  bool taken_back = false;  // undone by a coached human (LogPly.taken_back): struck through, stepped over
};

// Whose eyes the game is seen through (docs/viewer.md, "Hidden information").
struct SeatOptions {
  std::string as;         // "" or a seat (number from 1, or a player name)
  bool show_all = false;  // every draw, past and future (not with `as`)
  // With `as`: the seed of the hidden hands a variation is played from
  // (gamehost/secrets/hidden_sample.h; --sample-seed).
  std::uint64_t sample_seed = gamehost::kDefaultSampleSeed;
};

class ReplaySession {
 public:
  // Reads and verifies `log_path`, loading the plugin for its game from the
  // plugin path (the build's plugins, $GAMEHOST_PLUGIN_PATH, plugin_dirs).
  // Throws gamehost::HostError with the same message as `gamehost verify`
  // (e.g. "FILE: byte N, ply P: what") when anything is wrong.
  // With `seat.as`, only what that seat saw: other seats' private draws and
  // every draw after the shown ply are listed as "?", and scenes are drawn
  // for that seat (ViewOptions.seat). Without it, a finished game shows
  // everything; an unfinished game with hidden information masks private and
  // future draws unless seat.show_all.
  // `load` says how the plugin is loaded (isolated: a crash or hang in any
  // call, also a later RenderScene, throws gamehost::PluginFault).
  static std::unique_ptr<ReplaySession> open(const std::filesystem::path& log_path,
                                             const std::vector<std::string>& plugin_dirs,
                                             const SeatOptions& seat = {},
                                             const gamehost::LoadOptions& load = {});
  // The same from a log already read (e.g. the whole records of a log
  // still being written, follow.h).
  static std::unique_ptr<ReplaySession> open_log(gamehost::GameLog log, const std::filesystem::path& log_path,
                                                 const std::vector<std::string>& plugin_dirs,
                                                 const SeatOptions& seat = {},
                                                 const gamehost::LoadOptions& load = {});
  // Takes the same game read again, longer (a followed log): replays and
  // verifies it as open() does. Throws HostError when it is another game.
  void reload(gamehost::GameLog log);
  // Takes another log of the same game in this one's place (the next
  // puzzle's source game, puzzle_mode.h). Throws HostError when it is of
  // another game, or does not verify.
  void switch_log(const std::filesystem::path& log_path);
  // Counts the logs taken (open, reload, switch_log): what holds anything
  // of the game (the analysis board's tree) reads it again when it changed.
  int revision() const { return revision_; }

  const std::string& file() const { return log_.file; }
  // The records read (for a followed log, the whole ones at the last read).
  const gamehost::GameLog& log() const { return log_; }
  const std::string& game_name() const { return game_name_; }
  const std::vector<std::string>& seat_names() const { return seat_names_; }
  int plies() const { return static_cast<int>(moves_.size()); }
  const std::vector<Move>& moves() const { return moves_; }
  // The state bytes after `ply` plies (0: the initial state).
  const std::string& state(int ply) const { return states_[ply]; }
  // The recorded result line, or "" when the game is unfinished.
  std::string result() const;
  // False for a log without a result (a killed or abandoned game).
  bool finished() const { return log_.finished(); }
  // "Ply N of M", with " (unfinished game)" for such a log.
  std::string ply_text(int ply) const;
  bool has_scenes() const { return has_scenes_; }
  // The seat the game is seen as (-1: none).
  int seat() const { return seat_; }
  std::uint64_t sample_seed() const { return seat_options_.sample_seed; }
  // The ply `delta` steps (+1 or -1) from `ply`, stepping over taken-back
  // plies (whose position is the one before them); clamped to 0..plies().
  int step(int ply, int delta) const;
  // How move `ply` (from 1) is listed while ply `shown` is on the board.
  std::string listed_notation(int ply, int shown) const;

  // The scene of the position after `ply` plies with `view` (the last
  // action is filled in here). Throws HostError when the plugin refuses.
  void render(int ply, pb::ViewOptions view, pb::Scene& out);
  // The scene of any state of this game (a variation's, analysis_board.h),
  // drawn as a ply's is: `last_action` led to it (none: no mark).
  void render_state(const std::string& state, std::optional<std::uint32_t> last_action, pb::ViewOptions view,
                    pb::Scene& out);
  // The log's metadata and the notes beside it (LOG.ghnotes).
  const RecordInfo& record() const { return record_; }
  // The game's plugin, for other calls (e.g. following a review's lines).
  gamehost::Plugin& plugin() const { return *plugin_; }

 private:
  ReplaySession() = default;
  void mask_secrets(const SeatOptions& seat);
  void take(gamehost::GameLog log, const std::filesystem::path& log_path);

  gamehost::Registry registry_;
  gamehost::Plugin* plugin_ = nullptr;  // owned by registry_
  gamehost::GameLog log_;
  std::string game_name_;
  std::vector<std::string> seat_names_;
  std::vector<Move> moves_;
  std::vector<std::string> states_;
  bool has_scenes_ = false;
  int seat_ = -1;
  SeatOptions seat_options_;
  RecordInfo record_;
  bool mask_future_ = false;
  int revision_ = 0;  // draws after the shown ply are listed as "?"
  pb::RenderSceneRequest request_;
  pb::RenderSceneResponse response_;
};

}  // namespace viewer
